package dev.flamediff.render;

import dev.flamediff.model.JavaNames;
import dev.flamediff.model.V8Names;

/**
 * The short form of a frame's name, for the places that have room for little (the report's
 * first table and headline, the graph's header line): a Java method as {@code Class.method}, its
 * package left for the details; a JavaScript function as V8 names it in perf's map files
 * ({@code JS:*formatKey /srv/app/lib/keys.js:4:19}) as {@code formatKey (keys.js:4)}, its name
 * first, where a cut from the left had left only the path; anything else as recorded. Stateless.
 */
public final class FrameShortNames {

    private FrameShortNames() {
    }

    /** Returns the short form of a frame name. */
    public static String of(String name) {
        if (isJavaScript(name)) {
            return javaScript(name);
        }
        if (name.indexOf('/') >= 0 || !JavaNames.isMethodName(name)) {
            return name;
        }
        int method = name.lastIndexOf('.');
        int cls = name.lastIndexOf('.', method - 1);
        return cls < 0 ? name : name.substring(cls + 1);
    }

    /** Returns whether the name is a JavaScript function's as V8 writes it to perf's map files. */
    public static boolean isJavaScript(String name) {
        return V8Names.isFunctionName(name);
    }

    private static String javaScript(String name) {
        String rest = V8Names.functionAndLocation(name);
        int space = rest.lastIndexOf(' ');
        String function = (space < 0 ? rest : rest.substring(0, space)).strip();
        if (function.isEmpty()) {
            function = "(anonymous)";
        }
        if (space < 0) {
            return function;
        }
        String location = rest.substring(space + 1);
        String file = location.substring(location.lastIndexOf('/') + 1);
        // file:line:column, the column left out; a location without them stays as it is.
        int last = file.lastIndexOf(':');
        int before = last > 0 ? file.lastIndexOf(':', last - 1) : -1;
        if (before > 0 && digits(file, before + 1, last) && digits(file, last + 1, file.length())) {
            file = file.substring(0, last);
        }
        return function + " (" + file + ")";
    }

    private static boolean digits(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
