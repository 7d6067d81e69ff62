package dev.flamediff.suite;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Output file names for benchmarks: the key with every character other than letters, digits,
 * {@code . _ -} replaced (keys come from untrusted result files and folder names), cut to a
 * length every file system takes, with a short hash of the key when anything was replaced or cut
 * or the name is taken, so two keys never share a file. Not thread-safe: one per suite run.
 */
final class FileNames {

    private static final int MAX = 120;
    private final Set<String> taken = new HashSet<>(Set.of("report", "suite", "index"));

    /** Returns a new name, without extension, for the key. */
    String of(String key) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < key.length() && s.length() < MAX; i++) {
            char c = key.charAt(i);
            s.append(c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-') ? c : '_');
        }
        String name = s.toString();
        while (name.startsWith(".")) {
            name = "_" + name.substring(1);
        }
        if (!name.equals(key) || !taken.add(name.toLowerCase(Locale.ROOT))) {
            name = name + "-" + hash(key);
            taken.add(name.toLowerCase(Locale.ROOT));
        }
        return name;
    }

    private static String hash(String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return String.format(Locale.ROOT, "%02x%02x%02x%02x", d[0], d[1], d[2], d[3]);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
