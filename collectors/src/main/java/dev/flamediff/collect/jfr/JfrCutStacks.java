package dev.flamediff.collect.jfr;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import one.jfr.JfrClass;
import one.jfr.JfrField;
import one.jfr.JfrReader;

/**
 * Finds the stack traces of a chunk that the JDK's recorder cut at its depth limit: async-profiler's
 * parser reads their "truncated" flag and drops it. Walks the chunk's checkpoint events as the
 * parser does (the same layouts, the parser's own decoding methods on the buffer it reads) and keeps
 * only the flags of the jdk.types.StackTrace pools. Stateless.
 */
final class JfrCutStacks {

    // The parser keeps these parts of its metadata package-private; the library is on the class
    // path or an automatic module, both open to deep reflection.
    private static final VarHandle FIELDS = handle(JfrClass.class, "fields", List.class);
    private static final VarHandle SIMPLE_TYPE = handle(JfrClass.class, "simpleType", boolean.class);
    private static final VarHandle FIELD_TYPE = handle(JfrField.class, "type", int.class);
    private static final VarHandle CONSTANT_POOL = handle(JfrField.class, "constantPool", boolean.class);

    private static final List<String> SPECIAL_TYPES = List.of("jdk.types.ChunkHeader", "java.lang.Thread",
            "java.lang.Class", "java.lang.String", "jdk.types.Symbol", "jdk.types.Method", "jdk.types.StackTrace");

    private JfrCutStacks() {
    }

    /**
     * Returns the ids of the chunk's stack traces flagged as truncated.
     *
     * @param reader a parser over {@code data}, constructed (so its metadata and pools are loaded)
     *     and not yet read from; its position is put back before returning
     * @param data the buffer the parser reads, holding the chunk from its header on
     */
    static Set<Long> of(JfrReader reader, ByteBuffer data) {
        // Only these pool types have layouts of their own; every other is read by its fields.
        Map<JfrClass, String> names = new IdentityHashMap<>();
        for (String name : SPECIAL_TYPES) {
            JfrClass type = reader.typesByName.get(name);
            if (type != null) {
                names.put(type, name);
            }
        }
        JfrClass stringType = reader.typesByName.get("java.lang.String");
        int stringTypeId = stringType == null ? -1 : (int) AsyncJfrParser.typeIdOf(stringType);
        Set<Long> cut = new HashSet<>();
        int start = data.position();
        try {
            long cpOffset = data.getLong(16);
            long delta;
            do {
                data.position((int) cpOffset);
                reader.getVarint(); // size
                reader.getVarint(); // type
                reader.getVarlong(); // start time
                reader.getVarlong(); // duration
                delta = reader.getVarlong();
                reader.getVarint(); // flags
                int pools = reader.getVarint();
                for (int i = 0; i < pools; i++) {
                    JfrClass type = reader.types.get(reader.getVarint());
                    pool(reader, data, type, names.getOrDefault(type, ""), stringTypeId, cut);
                }
            } while (delta != 0 && (cpOffset += delta) > 0);
        } finally {
            data.position(start);
        }
        return cut;
    }

    private static void pool(JfrReader r, ByteBuffer data, JfrClass type, String name, int stringTypeId, Set<Long> cut) {
        @SuppressWarnings("unchecked")
        List<JfrField> fields = (List<JfrField>) FIELDS.get(type);
        int count;
        switch (name) {
            case "jdk.types.ChunkHeader" -> data.position(data.position() + JfrChunkScanner.HEADER_SIZE + 3);
            case "java.lang.Thread" -> {
                count = r.getVarint();
                for (int i = 0; i < count; i++) {
                    r.getVarlong();
                    skipString(r, data);
                    r.getVarint();
                    skipString(r, data);
                    r.getVarlong();
                    skipVarlongs(r, fields.size() - 4);
                }
            }
            case "java.lang.Class" -> {
                count = r.getVarint();
                for (int i = 0; i < count; i++) {
                    skipVarlongs(r, 4);
                    r.getVarint();
                    skipVarlongs(r, fields.size() - 4);
                }
            }
            case "java.lang.String" -> {
                count = r.getVarint();
                for (int i = 0; i < count; i++) {
                    r.getVarlong();
                    skipString(r, data);
                }
            }
            case "jdk.types.Symbol" -> {
                count = r.getVarint();
                for (int i = 0; i < count; i++) {
                    r.getVarlong();
                    r.getByte();
                    skipBytes(r, data);
                }
            }
            case "jdk.types.Method" -> {
                count = r.getVarint();
                for (int i = 0; i < count; i++) {
                    skipVarlongs(r, 4);
                    r.getVarint();
                    r.getVarint();
                }
            }
            case "jdk.types.StackTrace" -> {
                count = r.getVarint();
                for (int i = 0; i < count; i++) {
                    long id = r.getVarlong();
                    if (r.getVarint() != 0) {
                        cut.add(id);
                    }
                    int depth = r.getVarint();
                    for (int f = 0; f < depth; f++) {
                        r.getVarlong();
                        r.getVarint();
                        r.getVarint();
                        r.getByte();
                    }
                }
            }
            default -> {
                if ((boolean) SIMPLE_TYPE.get(type) && fields.size() == 1) {
                    count = r.getVarint();
                    for (int i = 0; i < count; i++) {
                        r.getVarlong();
                        skipString(r, data);
                    }
                } else {
                    boolean[] numeric = new boolean[fields.size()];
                    for (int i = 0; i < numeric.length; i++) {
                        JfrField f = fields.get(i);
                        numeric[i] = (boolean) CONSTANT_POOL.get(f) || (int) FIELD_TYPE.get(f) != stringTypeId;
                    }
                    count = r.getVarint();
                    for (int i = 0; i < count; i++) {
                        r.getVarlong();
                        for (boolean n : numeric) {
                            if (n) {
                                r.getVarlong();
                            } else {
                                skipString(r, data);
                            }
                        }
                    }
                }
            }
        }
    }

    private static void skipVarlongs(JfrReader r, int n) {
        for (int i = 0; i < n; i++) {
            r.getVarlong();
        }
    }

    /** Skips a string as {@code JfrReader.getString} reads it, without building it. */
    private static void skipString(JfrReader r, ByteBuffer data) {
        switch (r.getByte()) {
            case 0, 1 -> {
            }
            case 2 -> r.getVarlong();
            case 3, 5 -> skipBytes(r, data);
            case 4 -> {
                int n = r.getVarint();
                for (int i = 0; i < n; i++) {
                    r.getVarint();
                }
            }
            default -> throw new IllegalArgumentException("Invalid string encoding");
        }
    }

    private static void skipBytes(JfrReader r, ByteBuffer data) {
        int n = r.getVarint();
        data.position(data.position() + n);
    }

    private static VarHandle handle(Class<?> owner, String field, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).findVarHandle(owner, field, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
