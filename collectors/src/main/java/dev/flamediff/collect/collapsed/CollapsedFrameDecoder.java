package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.FrameNameNormalizer;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.JavaNames;
import dev.flamediff.model.V8Names;

/**
 * Turns one frame of a collapsed stack, as written, into a {@link Frame}. The rules, in order:
 *
 * <ol>
 *   <li>An async-profiler kind suffix ({@code _[j] _[i] _[k] _[0] _[1]}) is taken off the name and
 *       becomes the frame's kind: JIT, inlined, kernel, interpreted, C1.</li>
 *   <li>Except on the <em>leaf</em> of allocation and lock stacks, where async-profiler writes the
 *       allocated or locked <em>type</em> ({@code byte[]_[i]} allocated in a TLAB,
 *       {@code byte[]_[k]} outside one, {@code java.lang.Object_[i]} a lock): there the suffix
 *       does not mean "inlined" or "kernel". Such a leaf keeps its suffix in the name and gets kind
 *       {@link FrameKind#UNKNOWN}, so in-TLAB and outside-TLAB stay apart, base and head still
 *       match, and writing the frame back gives the same text. A leaf is taken for a type when
 *       its name ends in {@code []} or its last dot-separated part starts with an upper-case
 *       letter (Java methods start in lower case, classes in upper case).</li>
 *   <li>A name without suffix is {@link FrameKind#THREAD} when it is a thread frame
 *       ({@code [name tid=N]}; normalized, the thread's name alone, as the JFR readers name
 *       thread frames: the id changes from run to run, so {@code [worker tid=10218]} in base and
 *       {@code [worker tid=11274]} in head would otherwise be two threads, one gone and one new,
 *       and the gate would judge them), {@link FrameKind#CPP} when it contains {@code ::} or starts with
 *       {@code -[} or {@code +[}, and {@link FrameKind#UNKNOWN} otherwise. Plain collapsed output
 *       does not say whether an unsuffixed frame is Java or native, and guessing from the
 *       spelling is not stable (the guess for {@code Busy.fib} and {@code java/lang/Thread.run}
 *       would change once the name is dotted), so no guess is made.</li>
 *   <li>When names are normalized (the default), Java names (every suffixed Java kind, and
 *       unknown names spelled like JVM class names, with {@code /} package separators) get dots
 *       for package separators, so both spellings of a class (and a collapsed file and a JFR
 *       recording) give one frame, and the {@link FrameNameNormalizer} rules for lambdas, hidden
 *       classes and CPU-specific stub names apply. Without normalization every name is kept byte
 *       for byte as written, as difffolded.pl compares them.</li>
 *   <li>When names are normalized, a V8 function's tier marker ({@code JS:*render},
 *       {@code JS:~render}) is dropped first, so one JavaScript function is one frame whichever
 *       tier ran it ({@link V8Names#withoutTier}).</li>
 * </ol>
 *
 * The result depends only on the text and on whether it is the leaf, so the same input always
 * gives the same frames. Stateless.
 */
final class CollapsedFrameDecoder {

    private static final int SUFFIX_LENGTH = 4;

    private final boolean normalize;
    private final FrameNameNormalizer normalizer = FrameNameNormalizer.INSTANCE;

    /** Creates a decoder that applies the name normalizer when {@code normalize} is true. */
    CollapsedFrameDecoder(boolean normalize) {
        this.normalize = normalize;
    }

    /** Returns the frame for the text of one frame; {@code leaf} says whether it ends its stack. */
    Frame decode(String text, boolean leaf) {
        String raw = normalize ? V8Names.withoutTier(text) : text;
        FrameKind kind = suffixKind(raw);
        if (kind != null) {
            String name = raw.substring(0, raw.length() - SUFFIX_LENGTH);
            if (leaf && (kind == FrameKind.INLINED || kind == FrameKind.KERNEL) && isTypeName(name)) {
                return new Frame(javaName(name) + raw.substring(name.length()), FrameKind.UNKNOWN);
            }
            return new Frame(kind == FrameKind.KERNEL ? name : javaName(name), kind);
        }
        if (normalize && raw.indexOf('/') < 0 && !isThread(raw)) {
            String stub = normalizer.normalize(raw);
            if (!stub.equals(raw)) {
                return new Frame(stub, isCpp(stub) ? FrameKind.CPP : FrameKind.UNKNOWN);
            }
        }
        if (isThread(raw)) {
            return new Frame(normalize ? threadName(raw) : raw, FrameKind.THREAD);
        }
        if (isCpp(raw)) {
            return new Frame(raw, FrameKind.CPP);
        }
        if (raw.indexOf('/') > 0) {
            // A JVM internal name once its run-specific parts are out (LambdaForm$MH.0x0000000801010400),
            // not another runtime's name with slashes (node:internal/process/task_queues), whose
            // slashes stay.
            String s = normalizer.normalize(raw);
            if (JavaNames.isInternalName(s)) {
                return new Frame(normalize ? normalizer.dottedJavaName(s) : raw, FrameKind.UNKNOWN);
            }
        }
        return new Frame(raw, FrameKind.UNKNOWN);
    }

    /** Returns the kind a suffix names, or null when the text has no suffix (or nothing before it). */
    static FrameKind suffixKind(String raw) {
        int n = raw.length();
        if (n <= SUFFIX_LENGTH || raw.charAt(n - 1) != ']' || raw.charAt(n - 3) != '['
                || raw.charAt(n - 4) != '_') {
            return null;
        }
        return switch (raw.charAt(n - 2)) {
            case 'j' -> FrameKind.JIT;
            case 'i' -> FrameKind.INLINED;
            case 'k' -> FrameKind.KERNEL;
            case '0' -> FrameKind.INTERPRETED;
            case '1' -> FrameKind.C1;
            default -> null;
        };
    }

    private String javaName(String name) {
        if (!normalize) {
            // Byte for byte as written, as difffolded.pl compares lines.
            return name;
        }
        String s = normalizer.normalize(name);
        return s.startsWith("[") ? s : normalizer.dottedJavaName(s);
    }

    static boolean isTypeName(String name) {
        if (name.endsWith("[]")) {
            return true;
        }
        if (name.indexOf('/') >= 0 || name.indexOf(' ') >= 0 || name.contains("::")) {
            return false;
        }
        int dot = name.lastIndexOf('.');
        return dot + 1 < name.length() && Character.isUpperCase(name.charAt(dot + 1));
    }

    private static boolean isThread(String raw) {
        return raw.length() > 2 && raw.charAt(0) == '[' && raw.endsWith("]") && raw.contains(" tid=");
    }

    /** The name of {@code [name tid=N]}, or the text as it is when it is not spelled so. */
    private static String threadName(String raw) {
        int tid = raw.lastIndexOf(" tid=");
        int digits = tid + " tid=".length();
        if (tid <= 1 || digits >= raw.length() - 1) {
            return raw;
        }
        for (int i = digits; i < raw.length() - 1; i++) {
            if (raw.charAt(i) < '0' || raw.charAt(i) > '9') {
                return raw;
            }
        }
        return raw.substring(1, tid);
    }

    private static boolean isCpp(String raw) {
        return raw.contains("::") || raw.startsWith("-[") || raw.startsWith("+[");
    }
}
