package dev.flamediff.collect;

import java.util.regex.Pattern;

/**
 * Rewrites the run-specific parts of JVM frame names so the same code gets the same frame in base
 * and head: lambda counters, hidden-class addresses and hashes, generated accessors, proxies and
 * CGLIB suffixes. The rules follow the forms each writer produces (JDK 8, 17 and 25 JFR, and
 * async-profiler on each); ordinary names pass through unchanged. Stateless and thread-safe.
 */
public final class FrameNameNormalizer {

    private static final Pattern LAMBDA_COUNTER = Pattern.compile("(\\$\\$Lambda)\\$\\d+");
    private static final Pattern JFR_HIDDEN_SUFFIX = Pattern.compile("\\+0x[0-9a-fA-F]+[./]\\d+(?=[.;]|$)");
    private static final Pattern ADDRESS_SUFFIX = Pattern.compile("[./]0x[0-9a-fA-F]+(?=[.;]|$)");
    private static final Pattern LAMBDA_HASH = Pattern.compile("(\\$\\$Lambda)[./]\\d+(?=[.;]|$)");
    private static final Pattern ACCESSOR = Pattern.compile("(GeneratedMethodAccessor|GeneratedConstructorAccessor|GeneratedSerializationConstructorAccessor)\\d+");
    private static final Pattern PROXY = Pattern.compile("\\$Proxy\\d+");
    private static final Pattern CGLIB = Pattern.compile("\\$\\$(EnhancerBySpringCGLIB|EnhancerByCGLIB|FastClassBySpringCGLIB|FastClassByCGLIB|SpringCGLIB)\\$\\$[0-9a-f]+");

    /**
     * HotSpot's array-copy stubs: JDK 17 to 21 on a machine with AVX-512 names them
     * {@code jbyte_disjoint_arraycopy_avx3}, JDK 25 (and any JDK without AVX-512)
     * {@code jbyte_disjoint_arraycopy}; the same for jshort, jint, jlong, oop, conjoint and plain.
     */
    private static final Pattern ARRAYCOPY_STUB = Pattern.compile("^(\\w+_arraycopy(?:_uninit)?)_avx3$");
    /**
     * glibc's string and memory functions, chosen at load time for the CPU:
     * {@code __memset_avx512_unaligned_erms} here is {@code __memset_avx2_unaligned_erms} or
     * {@code __memset_evex_unaligned_erms} on the next machine.
     */
    private static final Pattern LIBC_IFUNC = Pattern.compile(
            "^__((?:mem|str|stp|wmem|wcs|raw)\\w*?)_(?:sse2|ssse3|sse4_1|sse4_2|avx|avx2|avx512|evex|evex512)(?:_\\w+)?$");

    /** One line per family of names that {@link #normalize} treats as one frame, for help texts. */
    public static final String CPU_VARIANTS = "HotSpot array-copy stubs (jbyte_disjoint_arraycopy_avx3 = "
            + "jbyte_disjoint_arraycopy, all *_arraycopy_avx3) and glibc's CPU-specific string functions "
            + "(__memset_avx512_unaligned_erms = __memset_evex_unaligned_erms = __memset; mem*, str*, stp*, wmem*, wcs*)";

    /** The normalizer; it has no state, so one instance serves everyone. */
    public static final FrameNameNormalizer INSTANCE = new FrameNameNormalizer();

    private FrameNameNormalizer() {
    }

    /**
     * Returns the normalized name: {@code Busy$$Lambda$88+0x00007fa978007a08/1790421142.run}
     * becomes {@code Busy$$Lambda.run}, {@code GeneratedMethodAccessor12} becomes
     * {@code GeneratedMethodAccessor}; names that differ only by a CPU-feature suffix become
     * one ({@link #CPU_VARIANTS}: {@code jbyte_disjoint_arraycopy_avx3} becomes
     * {@code jbyte_disjoint_arraycopy}). Names without such parts are returned as they are.
     */
    public String normalize(String name) {
        if (name.endsWith("_avx3") && ARRAYCOPY_STUB.matcher(name).matches()) {
            return ARRAYCOPY_STUB.matcher(name).replaceFirst("$1");
        }
        if (name.startsWith("__") && name.length() < 64) {
            java.util.regex.Matcher m = LIBC_IFUNC.matcher(name);
            if (m.matches()) {
                return "__" + m.group(1);
            }
        }
        if (name.indexOf('$') < 0 && !name.contains("0x") && !name.contains("Accessor")) {
            return name;
        }
        // Each rule runs only when its literal is present: most names with a '$' are plain inner
        // classes, and a regex scan per name was a visible share of reading large folded files.
        String s = name;
        boolean lambda = s.contains("$$Lambda");
        if (lambda) {
            s = LAMBDA_COUNTER.matcher(s).replaceAll("$1");
        }
        if (s.contains("0x")) {
            s = JFR_HIDDEN_SUFFIX.matcher(s).replaceAll("");
            s = ADDRESS_SUFFIX.matcher(s).replaceAll("");
        }
        if (lambda) {
            s = LAMBDA_HASH.matcher(s).replaceAll("$1");
        }
        if (s.contains("Accessor")) {
            s = ACCESSOR.matcher(s).replaceAll("$1");
        }
        if (s.contains("$Proxy")) {
            s = PROXY.matcher(s).replaceAll("\\$Proxy");
        }
        if (s.contains("CGLIB")) {
            s = CGLIB.matcher(s).replaceAll("\\$\\$$1");
        }
        return s;
    }

    /**
     * Returns a JVM class name with package separators as dots ({@code java/lang/String} becomes
     * {@code java.lang.String}); only call it on names known to be Java class or method names.
     */
    public String dottedJavaName(String name) {
        return name.indexOf('/') < 0 ? name : name.replace('/', '.');
    }

    /**
     * Returns async-profiler's pseudo-frames in the brackets its collapsed output gives them
     * ({@code [unknown]}, {@code [break_compiled]}, {@code [no_Java_frame]}, ...), which its JFR
     * recordings and the converter's pprof write without: one spelling, so a recording and a
     * collapsed file of one run agree, and a report does not name {@code unknown} like a
     * function. Any other name is returned as it is. For a frame name without a class.
     */
    public String bracketPseudoFrame(String name) {
        return switch (name) {
            case "unknown", "unknown_Java", "unknown_state", "no_Java_frame", "GC_active", "stale_jmethodID",
                    "thread_exit", "deoptimization", "truncated", "break_compiled", "break_interpreted",
                    "break_deopt", "break_stack_range", "not_walkable_Java", "not_walkable_not_Java" -> "[" + name + "]";
            default -> name;
        };
    }
}
