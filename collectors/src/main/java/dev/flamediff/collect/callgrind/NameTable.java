package dev.flamediff.collect.callgrind;

import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import java.util.HashMap;
import java.util.Map;

/**
 * One of callgrind's name-compression tables (objects, files or functions): {@code (N) name}
 * defines id N, a later {@code (N)} alone reuses it, and a name without {@code (N)} is written
 * out in full. Redefinitions are accepted because {@code --combine-dumps} repeats them in every
 * part.
 */
class NameTable {

    private final String what;
    private final int maxNameLength;
    private final Map<Long, String> names = new HashMap<>();

    NameTable(String what, int maxNameLength) {
        this.what = what;
        this.maxNameLength = maxNameLength;
    }

    /**
     * Returns the name a specification's value stands for, defining its id if it has one.
     *
     * @throws MalformedProfileException if the value reuses an id that was never defined
     * @throws LimitExceededException if the name is longer than the limit
     */
    String resolve(String value) throws MalformedProfileException, LimitExceededException {
        long id = idOf(value);
        if (id < 0) {
            return check(value.isEmpty() ? "???" : value);
        }
        int close = value.indexOf(')');
        String rest = value.substring(close + 1).strip();
        if (rest.isEmpty()) {
            String known = names.get(id);
            if (known == null) {
                throw new MalformedProfileException(what + " id (" + id + ") is used before it is defined");
            }
            return known;
        }
        String name = define(rest);
        names.put(id, name);
        return name;
    }

    /** Returns the name of an id defined earlier, or null if there is none. */
    String get(long id) {
        return names.get(id);
    }

    /** Returns the name to store for a definition; the function table decodes compressed names here. */
    String define(String name) throws MalformedProfileException, LimitExceededException {
        return check(name);
    }

    private String check(String name) throws LimitExceededException {
        if (name.length() > maxNameLength) {
            throw new LimitExceededException(what + " name longer than the limit of " + maxNameLength + " chars");
        }
        return name;
    }

    /**
     * Returns N when the value starts with {@code (N)} (digits only between the parentheses),
     * else -1: {@code (below main)} is a name, not an id.
     */
    static long idOf(String value) {
        if (value.isEmpty() || value.charAt(0) != '(') {
            return -1;
        }
        int close = value.indexOf(')');
        if (close < 2 || close > 19) {
            return -1;
        }
        long id = 0;
        for (int i = 1; i < close; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            id = id * 10 + (c - '0');
        }
        return id;
    }
}
