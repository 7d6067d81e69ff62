package dev.flamediff.collect.callgrind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The functions of a callgrind file with their self costs and the inclusive costs of the calls
 * between them, one value per event of the file (in the file's order). A function is an object
 * and a full name, as callgrind writes it (with any {@code '} context). Mutable while the parser
 * fills it; read-only afterwards.
 */
final class CallGraph {

    private final int events;
    private final Map<String, Integer> index = new HashMap<>();
    private final List<String> names = new ArrayList<>();
    private final List<String> objects = new ArrayList<>();
    private final List<long[]> self = new ArrayList<>();
    /** Inclusive call costs by caller (high 32 bits) and callee (low 32 bits). */
    private final Map<Long, long[]> calls = new HashMap<>();

    CallGraph(int events) {
        this.events = events;
    }

    /** Returns the number of events every cost has. */
    int events() {
        return events;
    }

    /** Returns the id of the function, adding it if new. */
    int function(String object, String name) {
        String key = object + '\u0000' + name;
        Integer id = index.get(key);
        if (id != null) {
            return id;
        }
        int fresh = names.size();
        index.put(key, fresh);
        names.add(name);
        objects.add(object);
        self.add(new long[events]);
        return fresh;
    }

    /** Returns the number of functions. */
    int size() {
        return names.size();
    }

    /** Returns the full name of the function, as written in the file (contexts included). */
    String name(int function) {
        return names.get(function);
    }

    /** Returns the object (binary or library) the function is in. */
    String object(int function) {
        return objects.get(function);
    }

    /** Returns the self cost of the function for the event (index in the file's order). */
    long self(int function, int event) {
        return self.get(function)[event];
    }

    /**
     * Adds self cost to the function.
     *
     * @throws ArithmeticException if a sum overflows
     */
    void addSelf(int function, long[] costs) {
        long[] into = self.get(function);
        for (int e = 0; e < events; e++) {
            into[e] = Math.addExact(into[e], costs[e]);
        }
    }

    /**
     * Adds the inclusive cost of calls from caller to callee.
     *
     * @throws ArithmeticException if a sum overflows
     */
    void addCall(int caller, int callee, long[] costs) {
        long[] into = calls.computeIfAbsent(key(caller, callee), k -> new long[events]);
        for (int e = 0; e < events; e++) {
            into[e] = Math.addExact(into[e], costs[e]);
        }
    }

    /** Returns the inclusive call costs, keyed by {@link #key}; read-only. */
    Map<Long, long[]> calls() {
        return calls;
    }

    static long key(int caller, int callee) {
        return ((long) caller << 32) | (callee & 0xFFFFFFFFL);
    }

    static int caller(long key) {
        return (int) (key >>> 32);
    }

    static int callee(long key) {
        return (int) key;
    }
}
