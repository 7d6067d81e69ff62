package dev.flamediff.collect.jfr;

import dev.flamediff.model.LimitExceededException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Resolves the stack traces and threads of one chunk from the values {@link JfrPools} located:
 * only the stacks the events referred to, and only the methods, classes and symbols on them,
 * each method decoded once per chunk ({@link ChunkFrameMap}) and named once per recording
 * ({@link JfrFrameCache}). Mutable, single-threaded; valid while the chunk's bytes are.
 */
final class JfrChunkFrames {

    private final byte[] chunk;
    private final int size;
    private final JfrLayout layout;
    private final JfrPools pools;
    private final JfrFrameCache names;
    private final JfrBytes in;
    private final ChunkFrameMap frames;
    private final Map<Long, String> frameTypes = new HashMap<>();
    private final Map<Long, String> threadStates = new HashMap<>();
    private final String[] smallFrameTypes = new String[64];
    private final boolean[] frameTypeKnown = new boolean[64];

    private final int stackType;
    private final int truncatedField;
    private final int framesField;
    private final int frameType;
    private final int methodField;
    private final int lineField;
    private final int typeField;
    private final int methodType;
    private final int methodClassField;
    private final int methodNameField;
    private final int descriptorField;
    private final int classType;
    private final int classNameField;
    private final int symbolType;
    private final int symbolStringField;
    private final int threadType;
    private final int javaNameField;
    private final int osNameField;
    private long[] frameValues = new long[8];

    private int[] buf = new int[64];
    private boolean truncated;

    /**
     * @param frames the map of the chunk's decoded frames, cleared here: one map serves every chunk
     *     of a recording
     */
    JfrChunkFrames(byte[] chunk, int size, JfrLayout layout, JfrPools pools, JfrFrameCache names,
                   ChunkFrameMap frames) {
        this.chunk = chunk;
        this.frames = frames;
        frames.clear();
        this.size = size;
        this.layout = layout;
        this.pools = pools;
        this.names = names;
        this.in = new JfrBytes(chunk, 0, size);
        stackType = pools.type(JfrPools.STACK_TRACE);
        truncatedField = layout.field(stackType, "truncated");
        framesField = layout.field(stackType, "frames");
        frameType = framesField < 0 ? -1 : JfrLayout.structOf(layout.fields(stackType)[framesField]);
        methodField = layout.field(frameType, "method");
        lineField = layout.field(frameType, "lineNumber");
        typeField = layout.field(frameType, "type");
        methodType = pools.type(JfrPools.METHOD);
        methodClassField = layout.field(methodType, "type");
        methodNameField = layout.field(methodType, "name");
        descriptorField = layout.field(methodType, "descriptor");
        classType = pools.type(JfrPools.CLASS);
        classNameField = layout.field(classType, "name");
        symbolType = pools.type(JfrPools.SYMBOL);
        symbolStringField = layout.field(symbolType, "string");
        threadType = pools.type(JfrPools.THREAD);
        javaNameField = layout.field(threadType, "javaName");
        osNameField = layout.field(threadType, "osName");
    }

    /** Returns the frames of the last stack resolved, leaf first, as {@link JfrFrameCache} indices. */
    int[] frames() {
        return buf;
    }

    /** Returns whether the recorder cut the last stack resolved at its depth limit. */
    boolean truncated() {
        return truncated;
    }

    /**
     * Resolves the stack trace at a dense index of the chunk's stack-trace pool into {@link #frames}.
     *
     * @return the stack's depth
     * @throws JfrBytes.Overrun if its value runs past its checkpoint's chunk
     * @throws LimitExceededException if a frame name is longer than the limit
     */
    int resolve(int stackIndex) throws LimitExceededException {
        in.at(pools.table(JfrPools.STACK_TRACE).offset(stackIndex), size);
        truncated = false;
        int depth = 0;
        int[] codes = layout.fields(stackType);
        for (int f = 0; f < codes.length; f++) {
            if (f == truncatedField && JfrLayout.isScalar(codes[f])) {
                truncated = JfrLayout.scalar(in, codes[f]) != 0;
            } else if (f == framesField && frameType >= 0 && JfrLayout.isArray(codes[f])) {
                int n = in.count(Math.max(1, layout.fields(frameType).length), "a stack trace's depth");
                for (int i = 0; i < n; i++) {
                    int frame = frame();
                    if (depth == buf.length) {
                        buf = java.util.Arrays.copyOf(buf, depth * 2);
                    }
                    buf[depth++] = frame;
                }
            } else {
                layout.skip(in, codes[f]);
            }
        }
        return depth;
    }

    private int frame() throws LimitExceededException {
        int[] codes = layout.fields(frameType);
        if (frameValues.length < codes.length) {
            frameValues = new long[codes.length];
        }
        for (int f = 0; f < codes.length; f++) {
            if (JfrLayout.isScalar(codes[f])) {
                frameValues[f] = JfrLayout.scalar(in, codes[f]);
            } else {
                frameValues[f] = 0;
                layout.skip(in, codes[f]);
            }
        }
        long method = methodField < 0 ? 0 : frameValues[methodField];
        long type = typeField < 0 ? -1 : frameValues[typeField];
        int line = names.usesLines() && lineField >= 0 ? (int) frameValues[lineField] : 0;
        boolean cached = type >= 0 && type < 256 && line >= 0 && line < (1 << 24);
        int typeAndLine = (int) type << 24 | line;
        if (cached) {
            int frame = frames.get(method, typeAndLine);
            if (frame >= 0) {
                return frame;
            }
        }
        int pos = in.pos();
        int frame = name(method, frameType(type), line);
        in.at(pos, size);
        if (cached) {
            frames.put(method, typeAndLine, frame);
        }
        return frame;
    }

    private int name(long method, String typeDescription, int line) throws LimitExceededException {
        int at = pools.table(JfrPools.METHOD).offsetOf(method);
        if (at < 0) {
            return names.unknownIndex(typeDescription);
        }
        long cls = scalarField(at, methodType, methodClassField);
        byte[] methodName = symbol(scalarField(at, methodType, methodNameField));
        byte[] descriptor = symbol(scalarField(at, methodType, descriptorField));
        byte[] className = null;
        int classAt = pools.table(JfrPools.CLASS).offsetOf(cls);
        if (classAt >= 0) {
            className = symbol(scalarField(classAt, classType, classNameField));
        }
        return names.index(className, methodName, descriptor, line, typeDescription);
    }

    private String frameType(long id) {
        // Asked for every frame: frame-type ids are a handful of small numbers, kept in an array.
        if (id >= 0 && id < smallFrameTypes.length) {
            if (!frameTypeKnown[(int) id]) {
                smallFrameTypes[(int) id] = description(id);
                frameTypeKnown[(int) id] = true;
            }
            return smallFrameTypes[(int) id];
        }
        return frameTypes.computeIfAbsent(id, this::description);
    }

    /** Returns the name of a thread state (jdk.types.ThreadState), or null when the pool has none. */
    String threadState(long id) {
        return threadStates.computeIfAbsent(id, k -> describe(JfrPools.THREAD_STATE, k));
    }

    private String description(long id) {
        return describe(JfrPools.FRAME_TYPE, id);
    }

    /** The first string of an enum-like pool's entry (its description or name). */
    private String describe(int kind, long id) {
        int at = pools.table(kind).offsetOf(id);
        int type = pools.type(kind);
        if (at < 0 || type < 0) {
            return null;
        }
        int[] codes = layout.fields(type);
        in.at(at, size);
        for (int code : codes) {
            if (code == JfrLayout.STRING) {
                byte[] b = string();
                return b == null ? null : new String(b, StandardCharsets.UTF_8);
            }
            layout.skip(in, code);
        }
        return null;
    }

    /**
     * Returns the name of the thread at a dense index of the chunk's thread pool: its Java name, or
     * its OS name when it has none.
     */
    String threadName(int threadIndex) {
        if (threadIndex < 0 || threadType < 0) {
            return null;
        }
        int at = pools.table(JfrPools.THREAD).offset(threadIndex);
        String javaName = stringField(at, threadType, javaNameField);
        return javaName != null ? javaName : stringField(at, threadType, osNameField);
    }

    private String stringField(int at, int type, int field) {
        if (field < 0 || !seek(at, type, field)) {
            return null;
        }
        byte[] b = string();
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    private byte[] symbol(long id) {
        int at = pools.table(JfrPools.SYMBOL).offsetOf(id);
        if (at < 0 || symbolStringField < 0 || !seek(at, symbolType, symbolStringField)) {
            return null;
        }
        return string();
    }

    /** Reads the scalar field of the struct whose value starts at {@code at}; 0 when there is none. */
    private long scalarField(int at, int type, int field) {
        if (field < 0 || !seek(at, type, field) || !JfrLayout.isScalar(layout.fields(type)[field])) {
            return 0;
        }
        return JfrLayout.scalar(in, layout.fields(type)[field]);
    }

    /** Positions the cursor at a field of the struct whose value starts at {@code at}. */
    private boolean seek(int at, int type, int field) {
        if (type < 0 || field < 0) {
            return false;
        }
        in.at(at, size);
        int[] codes = layout.fields(type);
        for (int f = 0; f < field; f++) {
            layout.skip(in, codes[f]);
        }
        return true;
    }

    /** Reads a string value as UTF-8 bytes at the cursor (see {@link JfrStrings#utf8}). */
    private byte[] string() {
        return JfrStrings.utf8(in, chunk, size, pools.table(JfrPools.STRING));
    }
}
