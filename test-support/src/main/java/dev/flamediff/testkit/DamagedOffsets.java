package dev.flamediff.testkit;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Damages the offsets of a recording's first chunk the way that once hung both parsers, which
 * follow the chain of checkpoint (constant-pool) events with no step limit. Each method returns a
 * damaged copy; the checkpoint fields keep their byte length, so nothing else in the file moves.
 * Shared by the readers' tests and the command's.
 */
public final class DamagedOffsets {

    /** The size of a chunk header. */
    private static final int HEADER_SIZE = 68;

    private DamagedOffsets() {
    }

    /**
     * The last checkpoint links back to the one before it, as written; that one is made to link
     * forward to the last again. Needs a chunk with two checkpoints or more (the JDK's recorder).
     */
    public static byte[] checkpointsInACircle(byte[] jfr) {
        byte[] b = jfr.clone();
        List<Long> chain = chain(b);
        long last = chain.get(0);
        long previous = chain.get(1);
        Fields f = fields(b, previous);
        JfrVarints.writePadded(b, f.deltaAt, f.deltaEnd - f.deltaAt, last - previous);
        return b;
    }

    /**
     * Two copies of the recording laid end to end; the first chunk's only checkpoint links forward
     * into the second chunk's events, where a planted checkpoint links back to it. Works on a chunk
     * with a single checkpoint (async-profiler), whose delta of 0 takes one byte: the checkpoint's
     * start time and duration are zeroed to make room.
     */
    public static byte[] checkpointLinkedToAPlantedOne(byte[] jfr) {
        byte[] b = Arrays.copyOf(jfr, jfr.length * 2);
        System.arraycopy(jfr, 0, b, jfr.length, jfr.length);
        long last = chain(jfr).get(0);
        Fields f = fields(b, last);
        int room = f.deltaEnd - f.startAt;
        long planted = jfr.length + 4000L;
        b[f.startAt] = 0;
        b[f.startAt + 1] = 0;
        JfrVarints.writePadded(b, f.startAt + 2, room - 2, planted - last);
        byte[] fake = new byte[15];
        fake[0] = 15; // size
        fake[1] = 1; // checkpoint
        // start time 0, duration 0, then a 9-byte delta back, flags 0 and no pools
        JfrVarints.writePadded(fake, 4, 9, last - planted);
        System.arraycopy(fake, 0, b, (int) planted, fake.length);
        return b;
    }

    /**
     * Two copies of the recording laid end to end, with a chunk header planted at the start of
     * the tenth event of the first: its metadata offset leads back to the real metadata, its
     * constant-pool offset to two planted checkpoints that link to each other. The scanner walks
     * chunk sizes and never sees it; a parser that walks event sizes to the next chunk does.
     *
     * @return the damaged copy; the planted header sits at {@link #plantedHeaderOffset}
     */
    public static byte[] chunkHeaderPlantedAmongEvents(byte[] jfr) {
        byte[] b = Arrays.copyOf(jfr, jfr.length * 2);
        System.arraycopy(jfr, 0, b, jfr.length, jfr.length);
        int at = plantedHeaderOffset(jfr);
        byte[] header = Arrays.copyOf(jfr, HEADER_SIZE);
        ByteBuffer h = ByteBuffer.wrap(header);
        h.putLong(8, 1000); // chunk size, inside the file
        h.putLong(16, HEADER_SIZE); // the first planted checkpoint follows the header
        h.putLong(24, ByteBuffer.wrap(jfr).getLong(24) - at); // back to the real metadata event
        System.arraycopy(header, 0, b, at, header.length);
        byte[] checkpoints = new byte[30];
        for (int i = 0; i < 2; i++) {
            checkpoints[15 * i] = 15; // size
            checkpoints[15 * i + 1] = 1; // checkpoint; start time 0, duration 0, delta, flags 0, no pools
            JfrVarints.writePadded(checkpoints, 15 * i + 4, 9, i == 0 ? 15 : -15);
        }
        System.arraycopy(checkpoints, 0, b, at + header.length, checkpoints.length);
        return b;
    }

    /** Returns where {@link #chunkHeaderPlantedAmongEvents} plants its header: the tenth event's start. */
    public static int plantedHeaderOffset(byte[] jfr) {
        int[] pos = {HEADER_SIZE};
        for (int i = 0; i < 10; i++) {
            int start = pos[0];
            pos[0] = start + (int) JfrVarints.varlong(jfr, pos);
        }
        return pos[0];
    }

    /** The header's metadata offset names the last checkpoint instead of the metadata event. */
    public static byte[] metadataOffsetOnACheckpoint(byte[] jfr) {
        byte[] b = jfr.clone();
        ByteBuffer.wrap(b).putLong(24, ByteBuffer.wrap(b).getLong(16));
        return b;
    }

    /** The header's constant-pool offset names the metadata event instead of the last checkpoint. */
    public static byte[] constantPoolOffsetOnTheMetadata(byte[] jfr) {
        byte[] b = jfr.clone();
        ByteBuffer.wrap(b).putLong(16, ByteBuffer.wrap(b).getLong(24));
        return b;
    }

    /** The first chunk's checkpoint offsets, last written first, following the deltas. */
    public static List<Long> chain(byte[] b) {
        List<Long> chain = new ArrayList<>();
        long pos = ByteBuffer.wrap(b).getLong(16);
        while (true) {
            chain.add(pos);
            Fields f = fields(b, pos);
            if (f.delta == 0) {
                return chain;
            }
            pos += f.delta;
        }
    }

    /** Where a checkpoint's start time and delta sit, and the delta. */
    private record Fields(int startAt, int deltaAt, int deltaEnd, long delta) {
    }

    private static Fields fields(byte[] b, long eventOffset) {
        int[] pos = {(int) eventOffset};
        JfrVarints.varlong(b, pos); // size
        JfrVarints.varlong(b, pos); // type
        int startAt = pos[0];
        JfrVarints.varlong(b, pos); // start time
        JfrVarints.varlong(b, pos); // duration
        int deltaAt = pos[0];
        long delta = JfrVarints.varlong(b, pos);
        return new Fields(startAt, deltaAt, pos[0], delta);
    }
}
