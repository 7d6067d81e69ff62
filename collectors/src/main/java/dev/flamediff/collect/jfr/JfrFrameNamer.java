package dev.flamediff.collect.jfr;

import dev.flamediff.collect.FrameNameNormalizer;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LimitExceededException;

/**
 * Turns the parts of a JFR stack frame into a {@link Frame}: {@code package.Class.method} for
 * Java code (optionally with the line, or without the package), the bare function name for
 * async-profiler's native, C++ and kernel frames, normalized so run-specific lambda and
 * hidden-class parts do not split the same code into different frames. Both parsers name frames
 * through this one class, which is what makes their trees comparable. Immutable.
 */
final class JfrFrameNamer {

    private final boolean normalize;
    private final boolean lineNumbers;
    private final boolean simpleNames;
    private final int maxNameLength;

    JfrFrameNamer(ReadOptions options) {
        this.normalize = options.normalizeNames();
        this.lineNumbers = options.lineNumbers();
        this.simpleNames = options.simpleNames();
        this.maxNameLength = options.limits().maxNameLength();
    }

    /** Returns whether frames carry line numbers, so callers know whether to cache per line. */
    boolean usesLines() {
        return lineNumbers;
    }

    /**
     * Returns the frame of a method.
     *
     * @param className the class as the recording spells it (dots or slashes), or null/empty for
     *     async-profiler's native frames, which have none
     * @param method the method or function name
     * @param descriptor the method descriptor, or null; async-profiler marks its native
     *     functions with the impossible descriptors {@code ()L;} and {@code (Lk;)L;}
     * @param line the line number, 0 or less when unknown
     * @param typeDescription the frame type's description string ("Interpreted", "JIT compiled", ...)
     * @throws LimitExceededException if the name is longer than the limit
     */
    Frame frame(String className, String method, String descriptor, int line, String typeDescription)
            throws LimitExceededException {
        FrameKind kind = kind(typeDescription);
        String name;
        if (method == null || method.isEmpty()) {
            // A method whose name points at a missing symbol: an empty frame name would make
            // collapsed output that no reader (flamediff's included) reads back.
            method = "[unknown]";
        }
        if (isNativeFunction(kind, className, descriptor)) {
            name = normalize ? FrameNameNormalizer.INSTANCE.normalize(method) : method;
            if (normalize && (className == null || className.isEmpty())) {
                name = FrameNameNormalizer.INSTANCE.bracketPseudoFrame(name);
            }
        } else {
            String full = className.replace('/', '.') + "." + method;
            if (normalize) {
                full = FrameNameNormalizer.INSTANCE.normalize(full);
            }
            if (simpleNames) {
                int methodDot = full.lastIndexOf('.');
                int packageDot = methodDot > 0 ? full.lastIndexOf('.', methodDot - 1) : -1;
                full = full.substring(packageDot + 1);
            }
            name = lineNumbers && line > 0 ? full + ":" + line : full;
        }
        if (name.isEmpty()) {
            name = "[unknown]";
        }
        if (name.length() > maxNameLength) {
            throw new LimitExceededException("frame name longer than the limit of " + maxNameLength + " characters");
        }
        return new Frame(name, kind);
    }

    /** Returns a frame naming a thread, for the root of per-thread trees. */
    Frame thread(String threadName) throws LimitExceededException {
        String name = threadName == null ? "[unknown thread]" : threadName;
        if (name.length() > maxNameLength) {
            throw new LimitExceededException("thread name longer than the limit of " + maxNameLength + " characters");
        }
        return new Frame(name, FrameKind.THREAD);
    }

    /**
     * Maps a frame type by its description, never its number: the numbers differ between writers
     * (the JDK has no C++, kernel or C1 types), the descriptions do not.
     */
    static FrameKind kind(String description) {
        if (description == null) {
            return FrameKind.UNKNOWN;
        }
        return switch (description) {
            case "Interpreted" -> FrameKind.INTERPRETED;
            case "JIT compiled", "JIT compiled (C2)" -> FrameKind.JIT;
            case "Inlined" -> FrameKind.INLINED;
            case "C1 compiled" -> FrameKind.C1;
            case "Native" -> FrameKind.NATIVE;
            case "C++" -> FrameKind.CPP;
            case "Kernel" -> FrameKind.KERNEL;
            default -> FrameKind.UNKNOWN;
        };
    }

    /**
     * Tells async-profiler's C functions (no real class: the "class" is the library or empty)
     * from a Java {@code native} method in a JDK recording, whose class is kept.
     */
    private static boolean isNativeFunction(FrameKind kind, String className, String descriptor) {
        if (kind == FrameKind.CPP || kind == FrameKind.KERNEL) {
            return true;
        }
        if (className == null || className.isEmpty()) {
            return true;
        }
        return kind == FrameKind.NATIVE && ("()L;".equals(descriptor) || "(Lk;)L;".equals(descriptor));
    }
}
