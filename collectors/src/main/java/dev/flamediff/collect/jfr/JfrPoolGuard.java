package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Walks a chunk's metadata and constant pools the way async-profiler's parser will read them, before
 * it does, and checks every count and length against the bytes its event has left. The parser sizes
 * arrays and hash tables from those counts before it reads a single entry (a stack-trace count of
 * 2^26 or a declared stack depth of 2^28 is gigabytes at once, held until the entries run out), and
 * its own out-of-memory failure only comes when a request exceeds the whole heap. After this walk the
 * parser allocates at most a small multiple of the chunk's size. Stateless.
 */
final class JfrPoolGuard {

    /** Called with where each pool's entry count sits; tests use it to damage a pool. */
    interface PoolVisitor {
        void pool(String typeName, int countAt, int firstEntryAt);
    }

    private static final PoolVisitor NONE = (name, countAt, firstEntryAt) -> { };

    private JfrPoolGuard() {
    }

    /**
     * Checks the chunk's metadata and pools.
     *
     * @param chunk the chunk's bytes from its header on, {@code size} of them
     * @param chunkOffset where the chunk starts in the file, for the message
     * @throws MalformedProfileException naming the file offset of the first count or length that
     *     does not fit in its event
     */
    static void check(byte[] chunk, int size, long chunkOffset, int chunkNumber, String source)
            throws MalformedProfileException, InterruptedIOException {
        walk(chunk, size, chunkOffset, chunkNumber, source, NONE);
    }

    /** {@link #check}, telling the visitor where each pool is. */
    static void walk(byte[] chunk, int size, long chunkOffset, int chunkNumber, String source, PoolVisitor visitor)
            throws MalformedProfileException, InterruptedIOException {
        ByteBuffer header = ByteBuffer.wrap(chunk, 0, size);
        // The scanner checked that both offsets lie inside the chunk and the chain moves backwards.
        int cpOffset = (int) header.getLong(16);
        int metaOffset = (int) header.getLong(24);
        JfrBytes in = new JfrBytes(chunk, metaOffset, size);
        try {
            JfrMetadataTypes types = JfrMetadataTypes.read(in);
            int stringType = types.idOf("java.lang.String");
            long delta;
            int at = cpOffset;
            do {
                in.at(at, size);
                int size0 = in.varint();
                if (size0 <= 0 || size0 > size - at) {
                    throw new JfrBytes.Overrun("a checkpoint's size " + size0 + " does not fit in the chunk", at);
                }
                in.at(in.pos(), at + size0);
                in.varint(); // type
                in.varlong(); // start time
                in.varlong(); // duration
                delta = in.varlong();
                in.varint(); // flags
                int pools = in.count(2, "a checkpoint's pool count");
                for (int i = 0; i < pools; i++) {
                    // A pool is walked in a few milliseconds per megabyte; check between them.
                    ReadInterrupts.check(source);
                    int typeAt = in.pos();
                    int typeId = in.varint();
                    JfrMetadataTypes.Type type = types.poolType(typeId);
                    if (type == null || type.name() == null) {
                        throw new JfrBytes.Overrun("a constant pool has type id " + typeId
                                + ", which the metadata does not declare", typeAt);
                    }
                    pool(in, type, stringType, visitor, source);
                }
                at += (int) delta;
            } while (delta != 0);
        } catch (JfrBytes.Overrun e) {
            throw new MalformedProfileException("chunk " + chunkNumber + ": " + e.getMessage()
                    + " (the parser would allocate from it before reading)", source, JfrProfileReader.FORMAT,
                    Position.offset(chunkOffset + e.at), null);
        }
    }

    private static void pool(JfrBytes in, JfrMetadataTypes.Type type, int stringType, PoolVisitor visitor,
                             String source) throws InterruptedIOException {
        List<JfrMetadataTypes.Field> fields = type.fields();
        int countAt = in.pos();
        int count;
        switch (type.name()) {
            case "jdk.types.ChunkHeader" -> {
                visitor.pool(type.name(), countAt, countAt);
                in.skip(JfrChunkScanner.HEADER_SIZE + 3, "a chunk-header pool");
            }
            case "java.lang.Thread" -> {
                count = in.count(5, "the thread count");
                visitor.pool(type.name(), countAt, in.pos());
                for (int i = 0; i < count; i++) {
                    tick(i, source);
                    in.varlong();
                    in.skipString();
                    in.varint();
                    in.skipString();
                    in.varlong();
                    varlongs(in, fields.size() - 4);
                }
            }
            case "java.lang.Class" -> {
                count = in.count(5, "the class count");
                visitor.pool(type.name(), countAt, in.pos());
                for (int i = 0; i < count; i++) {
                    tick(i, source);
                    varlongs(in, 4);
                    in.varint();
                    varlongs(in, fields.size() - 4);
                }
            }
            case "java.lang.String" -> {
                count = in.count(2, "the string count");
                visitor.pool(type.name(), countAt, in.pos());
                for (int i = 0; i < count; i++) {
                    tick(i, source);
                    in.varlong();
                    in.skipString();
                }
            }
            case "jdk.types.Symbol" -> {
                count = in.count(3, "the symbol count");
                visitor.pool(type.name(), countAt, in.pos());
                for (int i = 0; i < count; i++) {
                    tick(i, source);
                    in.varlong();
                    int encodingAt = in.pos();
                    if (in.u1() != 3) {
                        throw new JfrBytes.Overrun("a symbol is not a UTF-8 string", encodingAt);
                    }
                    in.skip(in.varint(), "a symbol");
                }
            }
            case "jdk.types.Method" -> {
                count = in.count(6, "the method count");
                visitor.pool(type.name(), countAt, in.pos());
                for (int i = 0; i < count; i++) {
                    tick(i, source);
                    varlongs(in, 4);
                    in.varint();
                    in.varint();
                }
            }
            case "jdk.types.StackTrace" -> {
                count = in.count(3, "the stack-trace count");
                visitor.pool(type.name(), countAt, in.pos());
                for (int i = 0; i < count; i++) {
                    tick(i, source);
                    in.varlong();
                    in.varint();
                    // A frame is a method id, a line, a bytecode index and a type byte: four bytes at least.
                    int depth = in.count(4, "a stack trace's depth");
                    for (int f = 0; f < depth; f++) {
                        in.varlong();
                        in.varint();
                        in.varint();
                        in.u1();
                    }
                }
            }
            default -> {
                if (type.simpleType() && fields.size() == 1) {
                    count = in.count(2, "the " + type.name() + " count");
                    visitor.pool(type.name(), countAt, in.pos());
                    for (int i = 0; i < count; i++) {
                    tick(i, source);
                        in.varlong();
                        in.skipString();
                    }
                } else {
                    count = in.count(1 + fields.size(), "the " + type.name() + " count");
                    visitor.pool(type.name(), countAt, in.pos());
                    for (int i = 0; i < count; i++) {
                    tick(i, source);
                        in.varlong();
                        for (JfrMetadataTypes.Field f : fields) {
                            if (f.constantPool() || f.type() != stringType) {
                                in.varlong();
                            } else {
                                in.skipString();
                            }
                        }
                    }
                }
            }
        }
    }

    private static void tick(int entry, String source) throws InterruptedIOException {
        if ((entry & 4095) == 4095) {
            ReadInterrupts.check(source);
        }
    }

    private static void varlongs(JfrBytes in, int n) {
        for (int i = 0; i < n; i++) {
            in.varlong();
        }
    }
}
