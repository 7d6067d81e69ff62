package dev.flamediff.suite;

import java.util.regex.Pattern;

/** Short forms of frame names for narrow table cells; the full names are in the graph and suite.json. */
final class SuiteNames {

    /** A Java method, {@code package.Class.method}: the package is left out. */
    private static final Pattern JAVA_METHOD = Pattern.compile("(?:[\\w$]+\\.)+([\\w$]+\\.[\\w$<>]+)");

    private SuiteNames() {
    }

    /** Returns {@code Class.method} for a Java method's full name, the name itself otherwise. */
    static String shortFrame(String name) {
        java.util.regex.Matcher m = JAVA_METHOD.matcher(name);
        return m.matches() ? m.group(1) : name;
    }
}
