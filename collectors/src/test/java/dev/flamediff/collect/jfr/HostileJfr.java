package dev.flamediff.collect.jfr;

import dev.flamediff.testkit.JfrVarints;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds hostile copies of a one-chunk recording: counts that ask the parser for gigabytes, and
 * sample events whose declared size and fields disagree in ways the format allows. Each method
 * returns a damaged copy. {@link #main} writes them all next to each other, to measure a whole run
 * of the command on each.
 */
public final class HostileJfr {

    private HostileJfr() {
    }

    /** The stack-trace pool's count, rewritten as a five-byte varint, eats the start of the first entry. */
    public static byte[] stackTraceCount(byte[] jfr, int count) {
        byte[] b = jfr.clone();
        writeVarint5(b, pools(b).get("jdk.types.StackTrace")[0], count);
        return b;
    }

    /** The first stack trace's depth, rewritten as a five-byte varint, eats the start of its first frame. */
    static byte[] stackDepth(byte[] jfr, int depth) {
        byte[] b = jfr.clone();
        int[] pos = {pools(b).get("jdk.types.StackTrace")[1]};
        JfrVarints.varlong(b, pos); // id
        JfrVarints.varlong(b, pos); // truncated
        writeVarint5(b, pos[0], depth);
        return b;
    }

    /** The thread pool's count, rewritten as a five-byte varint. */
    static byte[] threadCount(byte[] jfr, int count) {
        byte[] b = jfr.clone();
        writeVarint5(b, pools(b).get("java.lang.Thread")[0], count);
        return b;
    }

    /** The metadata's string count, rewritten as a five-byte varint. */
    static byte[] metadataStringCount(byte[] jfr, int count) {
        byte[] b = jfr.clone();
        int[] pos = {(int) ByteBuffer.wrap(b).getLong(24)};
        for (int i = 0; i < 5; i++) {
            JfrVarints.varlong(b, pos); // size, type, start, duration, id
        }
        writeVarint5(b, pos[0], count);
        return b;
    }

    /** One extra byte at the end of every {@code every}-th execution sample, its size grown to match. */
    static byte[] extraByteInSamples(byte[] jfr, int every) {
        return rewriteSamples(jfr, every, (fields, event) -> {
            byte[] grown = Arrays.copyOf(event, event.length + 1);
            return grown;
        });
    }

    /** The stack id of every {@code every}-th execution sample written as a nine-byte varint. */
    static byte[] nineByteStackIds(byte[] jfr, int every) {
        return rewriteSamples(jfr, every, (fields, event) -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(event, 0, fields[2]);
            long id = JfrVarints.varlong(event, new int[] {fields[2]});
            for (int i = 0; i < 8; i++) {
                out.write((int) (0x80 | (id >>> (7 * i)) & 0x7F));
            }
            out.write((int) (id >>> 56));
            out.write(event, fields[3], event.length - fields[3]);
            return out.toByteArray();
        });
    }

    /** The thread id of every {@code every}-th execution sample written as a six-byte varint, size left as it was. */
    static byte[] overlongSamples(byte[] jfr, int every) {
        return rewriteSamples(jfr, every, (fields, event) -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(event, 0, fields[1]);
            long tid = JfrVarints.varlong(event, new int[] {fields[1]});
            for (int i = 0; i < 5; i++) {
                out.write((int) (0x80 | (tid >>> (7 * i)) & 0x7F));
            }
            out.write(0);
            out.write(event, fields[2], event.length - fields[2]);
            byte[] b = out.toByteArray();
            // The declared size stays the original's: the fields now run 5 bytes past it.
            b = Arrays.copyOf(b, event.length);
            return b;
        });
    }

    /** A rewrite of one sample event: {@code fields} holds the offsets of its time, tid, stack id and state. */
    interface SampleRewrite {
        byte[] rewrite(int[] fields, byte[] eventWithoutSize);
    }

    /**
     * Rewrites every {@code every}-th jdk.ExecutionSample of a one-chunk recording whose checkpoints
     * and metadata follow its events (async-profiler's), fixing each event's size and the chunk's
     * size and offsets.
     */
    static byte[] rewriteSamples(byte[] jfr, int every, SampleRewrite rewrite) {
        return rewriteEvents(jfr, "jdk.ExecutionSample", 4, every, rewrite);
    }

    /** The weight (TLAB size) of every allocation event in a new TLAB, written as a nine-byte varlong. */
    public static byte[] allocationWeights(byte[] jfr, long weight) {
        return rewriteEvents(jfr, "jdk.ObjectAllocationInNewTLAB", 6, 1, (fields, event) -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(event, 0, fields[5]);
            for (int i = 0; i < 8; i++) {
                out.write((int) (0x80 | (weight >>> (7 * i)) & 0x7F));
            }
            out.write((int) (weight >>> 56));
            int[] end = {fields[5]};
            JfrVarints.varlong(event, end);
            out.write(event, end[0], event.length - end[0]);
            return out.toByteArray();
        });
    }

    /** {@link #rewriteSamples} for events of another type, whose first {@code fieldCount} fields are varints. */
    static byte[] rewriteEvents(byte[] jfr, String typeName, int fieldCount, int every, SampleRewrite rewrite) {
        ByteBuffer header = ByteBuffer.wrap(jfr);
        int size = (int) header.getLong(8);
        if (size != jfr.length) {
            throw new IllegalArgumentException("not a one-chunk recording");
        }
        int cp = (int) header.getLong(16);
        int meta = (int) header.getLong(24);
        JfrMetadataTypes types = JfrMetadataTypes.read(new JfrBytes(jfr, meta, size));
        int sample = types.idOf(typeName);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jfr, 0, JfrChunkScanner.HEADER_SIZE);
        int pos = JfrChunkScanner.HEADER_SIZE;
        int n = 0;
        int shiftCp = 0;
        int shiftMeta = 0;
        while (pos < size) {
            int[] p = {pos};
            int eventSize = (int) JfrVarints.varlong(jfr, p);
            int bodyAt = p[0];
            int type = (int) JfrVarints.varlong(jfr, new int[] {bodyAt});
            byte[] event = Arrays.copyOfRange(jfr, pos, pos + eventSize);
            byte[] written = event;
            if (type == sample && pos < cp && n++ % every == 0) {
                byte[] body = Arrays.copyOfRange(jfr, bodyAt, pos + eventSize);
                int[] q = {0};
                JfrVarints.varlong(body, q); // type
                int[] fields = new int[fieldCount];
                for (int i = 0; i < fieldCount; i++) {
                    fields[i] = q[0];
                    JfrVarints.varlong(body, q);
                }
                byte[] newBody = rewrite.rewrite(fields, body);
                int sizeLength = bodyAt - pos;
                written = new byte[sizeLength + newBody.length];
                writeVarintPadded(written, 0, sizeLength, newBody.length == body.length ? eventSize
                        : sizeLength + newBody.length);
                System.arraycopy(newBody, 0, written, sizeLength, newBody.length);
            }
            int growth = written.length - event.length;
            if (pos < cp) {
                shiftCp += growth;
            }
            if (pos < meta) {
                shiftMeta += growth;
            }
            out.write(written, 0, written.length);
            pos += eventSize;
        }
        byte[] b = out.toByteArray();
        ByteBuffer.wrap(b).putLong(8, b.length).putLong(16, cp + shiftCp).putLong(24, meta + shiftMeta);
        return b;
    }

    /**
     * Every method of the first method pool named by a symbol id that the first symbol pool does
     * not hold (each id rewritten in as many bytes as it had, to the largest id those bytes hold
     * that is not a symbol), as a damaged pool or a writer's bug would leave it.
     */
    public static byte[] missingMethodNames(byte[] jfr) {
        byte[] b = jfr.clone();
        Map<String, int[]> at = pools(b);
        java.util.Set<Long> symbols = new java.util.HashSet<>();
        int[] pos = {at.get("jdk.types.Symbol")[0]};
        long count = JfrVarints.varlong(b, pos);
        for (long i = 0; i < count; i++) {
            symbols.add(JfrVarints.varlong(b, pos));
            pos[0]++; // encoding 3, UTF-8
            int length = (int) JfrVarints.varlong(b, pos);
            pos[0] += length;
        }
        pos[0] = at.get("jdk.types.Method")[0];
        count = JfrVarints.varlong(b, pos);
        int rewritten = 0;
        for (long i = 0; i < count; i++) {
            JfrVarints.varlong(b, pos); // id
            JfrVarints.varlong(b, pos); // class
            int nameAt = pos[0];
            JfrVarints.varlong(b, pos);
            int length = pos[0] - nameAt;
            int id = length >= 4 ? (1 << 28) - 1 : (1 << (7 * length)) - 1;
            while (id >= 0 && symbols.contains((long) id)) {
                id--;
            }
            if (id >= 0) {
                writeVarintPadded(b, nameAt, length, id);
                rewritten++;
            }
            JfrVarints.varlong(b, pos); // descriptor
            JfrVarints.varlong(b, pos); // modifiers
            JfrVarints.varlong(b, pos); // hidden
        }
        if (rewritten == 0) {
            throw new IllegalArgumentException("no method name could be pointed elsewhere");
        }
        return b;
    }

    /** Returns, per pool type name, the offset of its first pool's count and of its first entry. */
    static Map<String, int[]> pools(byte[] jfr) {
        Map<String, int[]> at = new HashMap<>();
        try {
            JfrPoolGuard.walk(jfr, (int) ByteBuffer.wrap(jfr).getLong(8), 0, 1, "fixture",
                    (name, countAt, firstEntryAt) -> at.putIfAbsent(name, new int[] {countAt, firstEntryAt}));
        } catch (dev.flamediff.model.MalformedProfileException | java.io.InterruptedIOException e) {
            throw new IllegalArgumentException(e);
        }
        return at;
    }

    private static void writeVarint5(byte[] b, int at, int value) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (0x80 | (value >>> (7 * i)) & 0x7F);
        }
        b[at + 4] = (byte) ((value >>> 28) & 0x0F);
    }

    private static void writeVarintPadded(byte[] b, int at, int length, int value) {
        for (int i = 0; i < length - 1; i++) {
            b[at + i] = (byte) (0x80 | (value >>> (7 * i)) & 0x7F);
        }
        int last = value >>> (7 * (length - 1));
        if (last >= 0x80) {
            throw new IllegalArgumentException(value + " does not fit in " + length + " bytes");
        }
        b[at + length - 1] = (byte) last;
    }

    /** Writes every hostile recording into the directory given as the first argument. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        Path fixtures = Path.of(args.length > 1 ? args[1] : "fixtures/jfr");
        byte[] ap = Files.readAllBytes(fixtures.resolve("ap25-base.jfr"));
        byte[] jdk = Files.readAllBytes(fixtures.resolve("jdk17-base.jfr"));
        List<Object[]> out = new ArrayList<>();
        out.add(new Object[] {"stack-count-ap25.jfr", stackTraceCount(ap, 1 << 26)});
        out.add(new Object[] {"stack-count-jdk17.jfr", stackTraceCount(jdk, 1 << 26)});
        out.add(new Object[] {"stack-depth-jdk17.jfr", stackDepth(jdk, 1 << 28)});
        out.add(new Object[] {"thread-count-jdk17.jfr", threadCount(jdk, 1 << 26)});
        out.add(new Object[] {"meta-strings-jdk17.jfr", metadataStringCount(jdk, 1 << 28)});
        out.add(new Object[] {"extra-byte-ap25.jfr", extraByteInSamples(ap, 1_000_000)});
        out.add(new Object[] {"nine-byte-ids-ap25.jfr", nineByteStackIds(ap, 6)});
        out.add(new Object[] {"overlong-ap25.jfr", overlongSamples(ap, 10)});
        out.add(new Object[] {"alloc-overflow-ap25.jfr", allocationWeights(ap, 1L << 60)});
        out.add(new Object[] {"alloc-negative-ap25.jfr", allocationWeights(ap, -1L)});
        for (Object[] o : out) {
            Files.write(dir.resolve((String) o[0]), (byte[]) o[1]);
        }
    }
}
