package dev.flamediff.model;

import java.util.List;

/**
 * JavaScript functions as V8 names them in perf's map files ({@code --perf-basic-prof}):
 * {@code JS:*render /app/x.js:3:10} (Node 16 and later), {@code LazyCompile:~render /app/x.js:3}
 * (before), a prefix, a tier marker ({@code ~} interpreted, {@code ^} Sparkplug, {@code +}
 * Maglev, {@code *} TurboFan), the function's name, and its location. The one place the readers,
 * the diff and the renderers ask about them. Stateless.
 */
public final class V8Names {

    private static final List<String> PREFIXES = List.of("JS:", "LazyCompile:", "Function:", "Script:");
    private static final String TIERS = "~*^+";

    private V8Names() {
    }

    /** Returns whether the name is a JavaScript function's, tier marker or not. */
    public static boolean isFunctionName(String name) {
        return prefixLength(name) > 0;
    }

    /**
     * Returns the name without its tier marker ({@code JS:*render} becomes {@code JS:render}):
     * the tier a function runs in moves from run to run. Other names are returned as they are.
     */
    public static String withoutTier(String name) {
        int p = prefixLength(name);
        if (p == 0 || p >= name.length() || TIERS.indexOf(name.charAt(p)) < 0) {
            return name;
        }
        return name.substring(0, p) + name.substring(p + 1);
    }

    /** Returns what follows the prefix and the tier marker: {@code render /app/x.js:3:10}. */
    public static String functionAndLocation(String name) {
        return withoutTier(name).substring(prefixLength(name));
    }

    private static int prefixLength(String name) {
        for (String p : PREFIXES) {
            if (name.startsWith(p)) {
                return p.length();
            }
        }
        return 0;
    }
}
