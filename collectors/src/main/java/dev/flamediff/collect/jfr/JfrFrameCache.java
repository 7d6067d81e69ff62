package dev.flamediff.collect.jfr;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LimitExceededException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The frames of one recording named so far, keyed by the raw bytes of their class, method and
 * descriptor symbols, their kind and line: by content, not by id, because constant-pool ids only
 * hold within a chunk (another chunk may give the same id to another method), while a recording of
 * hundreds of chunks names the same methods in each. A repeated frame costs a hash lookup instead
 * of decoding and normalizing its name again. Each frame named gets a dense index, so a reader
 * can carry a stack as ints and a tree builder can look its ids up in an array ({@link #index}).
 * Mutable, single-threaded.
 */
final class JfrFrameCache {

    private final JfrFrameNamer namer;
    private final Map<Key, Integer> indexOf = new HashMap<>();
    private final Map<String, Integer> unknownIndexOf = new HashMap<>();
    private Frame[] byIndex = new Frame[256];
    private int size;

    JfrFrameCache(JfrFrameNamer namer) {
        this.namer = namer;
    }

    /** Returns whether frames carry line numbers. */
    boolean usesLines() {
        return namer.usesLines();
    }

    /**
     * Returns the frame of a method, named by {@link JfrFrameNamer#frame} the first time its
     * content is seen.
     *
     * @param className the UTF-8 bytes of the class name, or null when the recording has none
     * @param method the UTF-8 bytes of the method name, or null
     * @param descriptor the UTF-8 bytes of the method descriptor, or null
     * @param line the line number, 0 or less when unknown (or not wanted)
     * @param typeDescription the frame type's description string
     * @throws LimitExceededException if the name is longer than the limit
     */
    Frame frame(byte[] className, byte[] method, byte[] descriptor, int line, String typeDescription)
            throws LimitExceededException {
        return frameAt(index(className, method, descriptor, line, typeDescription));
    }

    /**
     * Returns the index of the frame {@link #frame} returns for the same arguments: the same
     * index for the same content throughout the recording.
     *
     * @throws LimitExceededException if the name is longer than the limit
     */
    int index(byte[] className, byte[] method, byte[] descriptor, int line, String typeDescription)
            throws LimitExceededException {
        Key key = new Key(className, method, descriptor, JfrFrameNamer.kind(typeDescription), line);
        Integer index = indexOf.get(key);
        if (index == null) {
            index = add(namer.frame(string(className), string(method), string(descriptor), line, typeDescription));
            indexOf.put(key, index);
        }
        return index;
    }

    /** Returns the frame of a method the recording has no entry for. */
    Frame unknown(String typeDescription) throws LimitExceededException {
        return frameAt(unknownIndex(typeDescription));
    }

    /** Returns the index of {@link #unknown}'s frame for the type. */
    int unknownIndex(String typeDescription) throws LimitExceededException {
        Integer index = unknownIndexOf.get(typeDescription);
        if (index == null) {
            index = add(namer.frame(null, "[unknown]", null, 0, typeDescription));
            unknownIndexOf.put(typeDescription, index);
        }
        return index;
    }

    /** Returns the frame with the index, one {@link #index} or {@link #unknownIndex} returned. */
    Frame frameAt(int index) {
        return byIndex[index];
    }

    /** Returns how many indices have been given out: every index is below it. */
    int size() {
        return size;
    }

    private int add(Frame frame) {
        if (size == byIndex.length) {
            byIndex = Arrays.copyOf(byIndex, size * 2);
        }
        byIndex[size] = frame;
        return size++;
    }

    /** Returns a frame naming a thread. */
    Frame thread(String threadName) throws LimitExceededException {
        return namer.thread(threadName);
    }

    private static String string(byte[] utf8) {
        return utf8 == null ? null : new String(utf8, StandardCharsets.UTF_8);
    }

    /** The raw parts a frame's name is made of; the kind stands for the type, as the namer only uses that. */
    private static final class Key {
        private final byte[] className;
        private final byte[] method;
        private final byte[] descriptor;
        private final FrameKind kind;
        private final int line;
        private final int hash;

        Key(byte[] className, byte[] method, byte[] descriptor, FrameKind kind, int line) {
            this.className = className;
            this.method = method;
            this.descriptor = descriptor;
            this.kind = kind;
            this.line = line;
            int h = Arrays.hashCode(className);
            h = 31 * h + Arrays.hashCode(method);
            h = 31 * h + Arrays.hashCode(descriptor);
            h = 31 * h + kind.ordinal();
            this.hash = 31 * h + line;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && line == k.line && kind == k.kind
                    && Arrays.equals(method, k.method) && Arrays.equals(className, k.className)
                    && Arrays.equals(descriptor, k.descriptor);
        }
    }
}
