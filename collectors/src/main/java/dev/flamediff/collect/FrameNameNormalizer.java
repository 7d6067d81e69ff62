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

    /** The normalizer; it has no state, so one instance serves everyone. */
    public static final FrameNameNormalizer INSTANCE = new FrameNameNormalizer();

    private FrameNameNormalizer() {
    }

    /**
     * Returns the normalized name: {@code Busy$$Lambda$88+0x00007fa978007a08/1790421142.run}
     * becomes {@code Busy$$Lambda.run}, {@code GeneratedMethodAccessor12} becomes
     * {@code GeneratedMethodAccessor}. Names without such parts are returned as they are.
     */
    public String normalize(String name) {
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
}
