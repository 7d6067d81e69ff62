package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadInterrupts;
import java.io.InterruptedIOException;
import java.util.List;

/**
 * Where the values of a chunk's constant pools sit, for the pools a diff resolves (stack traces,
 * methods, classes, symbols, strings, threads, frame types, thread states): each id's offset in
 * the chunk, nothing decoded. Every other pool is walked past without keeping anything. Each
 * count is checked against the bytes its checkpoint has left. One instance serves every chunk of a
 * recording, each {@link #index} replacing the previous chunk's entries, so a recording of hundreds
 * of chunks does not grow eight tables afresh for each. Mutable, single-threaded.
 */
final class JfrPools {

    /** The pools indexed, by the position of their type name here. */
    static final List<String> TYPES = List.of("jdk.types.StackTrace", "jdk.types.Method", "java.lang.Class",
            "jdk.types.Symbol", "java.lang.String", "java.lang.Thread", "jdk.types.FrameType", "jdk.types.ThreadState");
    static final int STACK_TRACE = 0;
    static final int METHOD = 1;
    static final int CLASS = 2;
    static final int SYMBOL = 3;
    static final int STRING = 4;
    static final int THREAD = 5;
    static final int FRAME_TYPE = 6;
    static final int THREAD_STATE = 7;

    /** What a count's error calls each indexed pool's count, as the pool guard does. */
    private static final List<String> COUNT_NAMES = List.of("the stack-trace count", "the method count",
            "the class count", "the symbol count", "the string count", "the thread count",
            "the jdk.types.FrameType count", "the jdk.types.ThreadState count");

    private final JfrIdTable[] tables = new JfrIdTable[TYPES.size()];
    private final int[] types = new int[TYPES.size()];
    private JfrLayout layout;
    private int[] kindOfType = new int[0];

    JfrPools() {
        for (int i = 0; i < TYPES.size(); i++) {
            tables[i] = new JfrIdTable();
        }
    }

    /** Returns the layout the pools were last walked with. */
    JfrLayout layout() {
        return layout;
    }

    /** Returns the pool of the kind (one of the constants above). */
    JfrIdTable table(int kind) {
        return tables[kind];
    }

    /** Returns the layout's index of the pool's type, or -1 when the metadata does not declare it. */
    int type(int kind) {
        return types[kind];
    }

    /**
     * Indexes the pools of every checkpoint of the chunk, following the chain from the header's
     * constant-pool offset back (the scanner checked that it stays inside the chunk and moves
     * strictly backwards). A later step overwrites an id an earlier one put, so the first
     * checkpoint in file order wins, as in async-profiler's parser. What the previous chunk's
     * indexing put is dropped first.
     *
     * @param chunk the chunk's bytes from its header on
     * @throws JfrBytes.Overrun if a count or value does not fit in its checkpoint
     */
    void index(byte[] chunk, int size, JfrLayout layout, String source) throws InterruptedIOException {
        if (layout != this.layout) {
            this.layout = layout;
            kindOfType = new int[layout.typeCount()];
            java.util.Arrays.fill(kindOfType, -1);
            for (int i = 0; i < TYPES.size(); i++) {
                types[i] = layout.indexOf(TYPES.get(i));
                if (types[i] >= 0) {
                    kindOfType[types[i]] = i;
                }
            }
        }
        for (JfrIdTable table : tables) {
            table.clear();
        }
        JfrBytes in = new JfrBytes(chunk, 0, size);
        int at = (int) getLong(chunk, 16);
        long delta;
        do {
            in.at(at, size);
            int eventSize = in.varint();
            if (eventSize <= 0 || eventSize > size - at) {
                throw new JfrBytes.Overrun("a checkpoint's size " + eventSize + " does not fit in the chunk", at);
            }
            in.at(in.pos(), at + eventSize);
            in.varlong(); // type
            in.varlong(); // start time
            in.varlong(); // duration
            delta = in.varlong();
            in.varint(); // flags
            int count = in.count(2, "a checkpoint's pool count");
            for (int p = 0; p < count; p++) {
                ReadInterrupts.check(source);
                int typeAt = in.pos();
                long typeId = in.varlong();
                int type = layout.indexOfId(typeId);
                if (type < 0) {
                    throw new JfrBytes.Overrun("a constant pool has type id " + typeId
                            + ", which the metadata does not declare", typeAt);
                }
                int kind = kindOfType[type];
                String name = layout.name(type);
                if ("jdk.types.ChunkHeader".equals(name) && layout.fields(type).length == 0) {
                    // Written as a copy of the chunk header, with no field that describes it.
                    in.skip(JfrChunkScanner.HEADER_SIZE + 3, "a chunk-header pool");
                    continue;
                }
                int entries = kind >= 0 ? in.count(1, COUNT_NAMES.get(kind)) : in.count(1, "the ", name, " count");
                JfrIdTable table = kind >= 0 ? tables[kind] : null;
                for (int e = 0; e < entries; e++) {
                    if ((e & 4095) == 4095) {
                        ReadInterrupts.check(source);
                    }
                    long id = in.varlong();
                    if (table != null) {
                        table.put(id, in.pos());
                    }
                    if (kind == STRING) {
                        // The pool's values are the strings themselves; the type declares no fields.
                        in.skipString();
                    } else if (kind == STACK_TRACE) {
                        skipStackTrace(in, layout, type);
                    } else {
                        layout.skipStruct(in, type);
                    }
                }
            }
            at += (int) delta;
        } while (delta != 0);
    }

    /** Skips a stack trace, its depth checked as the pool guard checks it. */
    private static void skipStackTrace(JfrBytes in, JfrLayout layout, int type) {
        int[] codes = layout.fields(type);
        for (int code : codes) {
            int frame = JfrLayout.structOf(code);
            if (JfrLayout.isArray(code) && frame >= 0) {
                int[] frameCodes = layout.fields(frame);
                int depth = in.count(Math.max(1, frameCodes.length), "a stack trace's depth");
                if (JfrLayout.scalarsOnly(frameCodes)) {
                    // Every recorder's frames: a method, a line, a bytecode index and a type. The
                    // pool holds every stack of the recording, so this loop touches most of its bytes.
                    in.skipScalars(frameCodes, depth);
                } else {
                    for (int f = 0; f < depth; f++) {
                        layout.skipStruct(in, frame);
                    }
                }
            } else {
                layout.skip(in, code);
            }
        }
    }

    static int getInt(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }

    static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (b[at + i] & 0xFF);
        }
        return v;
    }
}
