package dev.flamediff.model;

/**
 * Whether a frame's name, as a profiler wrote it without saying what kind of frame it is, is a
 * Java (or other JVM language's) method: {@code java.lang.String.format} or the JVM's internal
 * spelling {@code java/lang/String.format}. Many readers and renderers ask, and a native
 * program's names must not pass: GCC's clones ({@code finish_task_switch.isra.0},
 * {@code msort_with_tmp.part.0}, {@code foo.cold}), shared libraries ({@code libc.so.6}) and
 * other runtimes' names ({@code node:internal/process/task_queues}, {@code std::vector::push_back}).
 * One such name in a C program's perf profile had made the whole profile a JVM profile, its own
 * functions the JVM's system work, and a real change noise. Stateless.
 */
public final class JavaNames {

    private JavaNames() {
    }

    /**
     * Returns whether the name is a method's, its class (and package) before it: two or more
     * parts separated by {@code .} or {@code /}, every part but the last a Java identifier, the
     * last a method's name (an identifier, {@code <init>} or {@code <clinit>}; the JVM also lets
     * Kotlin's mangled names such as {@code foo-Xh2b9} through).
     */
    public static boolean isMethodName(String name) {
        int n = name.length();
        // An array type's frame in an allocation profile (java.lang.String[]) is its class's.
        while (n > 2 && name.charAt(n - 1) == ']' && name.charAt(n - 2) == '[') {
            n -= 2;
        }
        if (n < 3 || name.indexOf("::") >= 0) {
            return false;
        }
        int start = 0;
        int parts = 0;
        for (int i = 0; i <= n; i++) {
            if (i == n || name.charAt(i) == '.' || name.charAt(i) == '/') {
                if (i == start) {
                    return false;
                }
                if (i == n) {
                    return parts >= 1 && isMethodPart(name, start, i) && !isNativeSuffix(name.substring(start, n));
                }
                if (!isIdentifier(name, start, i)) {
                    return false;
                }
                parts++;
                start = i + 1;
            }
        }
        return false;
    }

    /**
     * Returns whether a frame is a Java method: its name is a method's ({@link #isMethodName},
     * with a line number {@code Foo.bar:42} too) and its kind is a Java one or unknown (formats
     * such as collapsed stacks record no kind). A kind alone does not make a frame Java: perf's
     * stack collapsers write the suffixes async-profiler uses ({@code _[i]} inlined, {@code _[j]}
     * JIT), so a C program's {@code __libc_start_main_impl_[i]} is inlined but not Java.
     */
    public static boolean isJavaFrame(Frame frame) {
        FrameKind kind = frame.kind();
        if (kind.isJava()) {
            return isMethodName(withoutLine(frame.name()));
        }
        return kind == FrameKind.UNKNOWN && !frame.equals(Frame.ROOT) && isMethodName(frame.name());
    }

    /** The name without a trailing {@code :42}, as frames with line numbers are written. */
    private static String withoutLine(String name) {
        int colon = name.lastIndexOf(':');
        if (colon <= 0 || colon == name.length() - 1) {
            return name;
        }
        for (int i = colon + 1; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return name;
            }
        }
        return name.substring(0, colon);
    }

    /**
     * Returns whether the name is in the JVM's internal spelling, the package parts separated by
     * {@code /} ({@code java/lang/Thread.run}, {@code java/lang/Thread}): a method's or a class's
     * name with at least one {@code /}.
     */
    public static boolean isInternalName(String name) {
        if (name.indexOf('/') <= 0) {
            return false;
        }
        if (isMethodName(name)) {
            return true;
        }
        // A class alone: every part an identifier.
        int start = 0;
        for (int i = 0; i <= name.length(); i++) {
            if (i == name.length() || name.charAt(i) == '/') {
                if (i == start || !isIdentifier(name, start, i)) {
                    return false;
                }
                start = i + 1;
            }
        }
        return true;
    }

    private static boolean isIdentifier(String s, int from, int to) {
        if (!Character.isJavaIdentifierStart(s.charAt(from))) {
            return false;
        }
        for (int i = from + 1; i < to; i++) {
            if (!Character.isJavaIdentifierPart(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isMethodPart(String s, int from, int to) {
        String part = s.substring(from, to);
        if (part.equals("<init>") || part.equals("<clinit>")) {
            return true;
        }
        if (!Character.isJavaIdentifierStart(s.charAt(from))) {
            return false;
        }
        for (int i = from + 1; i < to; i++) {
            char c = s.charAt(i);
            if (!Character.isJavaIdentifierPart(c) && c != '-') {
                return false;
            }
        }
        return true;
    }

    /** Whether the last part is what native toolchains append: GCC's {@code .cold}, a library's {@code .so}. */
    private static boolean isNativeSuffix(String last) {
        return last.equals("cold") || last.equals("so");
    }
}
