package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.ValueType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The state of reading one collapsed input: splits the bytes into lines and lines into frames
 * without making a String per line, and adds each stack to a {@link CallTreeBuilder} by walking
 * {@code child()} from the root. Single use, single-threaded.
 */
final class CollapsedParser {

    private static final int MAX_SHOWN_COUNT = 40;
    /** The longest line buffered, whatever the limits allow. */
    private static final long MAX_LINE_BYTES = 64L << 20;

    private final String source;
    private final InputLimits limits;
    private final long maxLineBytes;
    private final CollapsedFrameDecoder decoder;
    private final FrameCache cache = new FrameCache();
    private final CallTreeBuilder builder;
    private long line;
    /** The previous stack's bytes, the ends of its inner frames (relative) and their nodes. */
    private byte[] previous = new byte[256];
    private int previousLength;
    private int[] previousEnds = new int[64];
    private int[] previousNodes = new int[64];
    private int previousFrames;
    private int previousLeaf;
    private long total;
    private long stacks;

    CollapsedParser(String source, InputLimits limits, boolean normalizeNames) {
        this.source = source;
        this.limits = limits;
        this.decoder = new CollapsedFrameDecoder(normalizeNames);
        this.builder = new CallTreeBuilder(List.of(ValueType.SAMPLES), limits.tree());
        // A line can hold at most maxDepth frames of maxNameLength chars (up to 3 bytes each).
        // The line is buffered whole, so the bound is also capped at 64 MiB: with the default
        // limits it would be 1 GiB of heap (2 while the buffer grows) for one hostile line,
        // where the deepest real stacks take a few MB.
        long bound = (3L * limits.maxNameLength() + 1) * limits.tree().maxDepth() + 64;
        this.maxLineBytes = Math.min(bound, MAX_LINE_BYTES);
    }

    /** Reads every line of the stream and returns the tree. */
    CallTree parse(InputStream in) throws IOException, ProfileException {
        byte[] buf = new byte[1 << 16];
        int start = 0;
        int limit = 0;
        int scan = 0;
        boolean eof = false;
        boolean first = true;
        while (true) {
            int nl = indexOfNewline(buf, scan, limit);
            if (nl >= 0) {
                int from = first ? start + CollapsedDetector.skipBom(buf, limit) : start;
                first = false;
                parseLine(buf, from, nl);
                start = nl + 1;
                scan = start;
                continue;
            }
            if (eof) {
                if (start < limit) {
                    parseLine(buf, first ? start + CollapsedDetector.skipBom(buf, limit) : start, limit);
                }
                break;
            }
            if (start > 0) {
                System.arraycopy(buf, start, buf, 0, limit - start);
                limit -= start;
                start = 0;
            }
            scan = limit;
            if (limit == buf.length) {
                if (limit >= maxLineBytes) {
                    throw new LimitExceededException("line longer than the limit of " + maxLineBytes + " bytes",
                            source, CollapsedReader.FORMAT, Position.line(line + 1), null);
                }
                buf = Arrays.copyOf(buf, (int) Math.min(maxLineBytes + 1, (long) buf.length * 2));
            }
            // Once per buffer of 64 KB (a few thousand lines), whatever stream the bytes come from.
            ReadInterrupts.check(source);
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                eof = true;
            } else {
                limit += r;
            }
        }
        if (stacks == 0) {
            throw new MalformedProfileException("no stacks in the input", source, CollapsedReader.FORMAT,
                    Position.NONE, null);
        }
        return builder.build();
    }

    private void parseLine(byte[] buf, int s, int e) throws ProfileException {
        line++;
        int end = e;
        while (end > s && isTrailingBlank(buf[end - 1])) {
            end--;
        }
        if (end == s) {
            return;
        }
        int sep = end - 1;
        while (sep >= s && buf[sep] != ' ' && buf[sep] != '\t') {
            sep--;
        }
        if (sep < s) {
            throw malformed("no sample count after the last space");
        }
        long count = parseCount(buf, sep + 1, end);
        if (isBlank(buf, s, sep)) {
            throw malformed("empty stack before the sample count");
        }
        int node = addStack(buf, s, sep);
        try {
            total = Math.addExact(total, count);
        } catch (ArithmeticException ex) {
            throw malformed("the sample counts add up to more than " + Long.MAX_VALUE);
        }
        builder.addSelf(node, 0, count);
        stacks++;
    }

    /**
     * Adds the stack in {@code buf[s, sep)} to the tree and returns its leaf node. Consecutive
     * lines usually share a long prefix (writers emit them sorted or grouped), so the frames this
     * line repeats byte for byte from the previous one reuse that line's nodes, and only the rest
     * is looked up frame by frame.
     */
    private int addStack(byte[] buf, int s, int sep) throws ProfileException {
        int length = sep - s;
        int common = Arrays.mismatch(buf, s, sep, previous, 0, previousLength);
        if (common < 0 && previousLeaf > 0) {
            return previousLeaf;
        }
        int reused = 0;
        int matched = common < 0 ? length : common;
        while (reused < previousFrames && previousEnds[reused] < matched) {
            reused++;
        }
        int node = reused == 0 ? 0 : previousNodes[reused - 1];
        int frameStart = reused == 0 ? s : s + previousEnds[reused - 1] + 1;
        int frames = reused;
        try {
            while (true) {
                int semicolon = ByteWords.indexOf(buf, frameStart, sep, (byte) ';');
                boolean leaf = semicolon < 0;
                int i = leaf ? sep : semicolon;
                if (i == frameStart) {
                    throw malformed("empty frame name in the stack");
                }
                node = builder.child(node, frameId(buf, frameStart, i - frameStart, leaf));
                if (leaf) {
                    break;
                }
                if (frames == previousEnds.length) {
                    previousEnds = Arrays.copyOf(previousEnds, frames * 2);
                    previousNodes = Arrays.copyOf(previousNodes, frames * 2);
                }
                previousEnds[frames] = i - s;
                previousNodes[frames++] = node;
                frameStart = i + 1;
            }
        } catch (LimitExceededException ex) {
            previousLength = 0;
            previousFrames = 0;
            throw ex.withContext(source, CollapsedReader.FORMAT, Position.line(line));
        } catch (MalformedProfileException ex) {
            previousLength = 0;
            previousFrames = 0;
            throw ex;
        }
        if (previous.length < length) {
            previous = new byte[Math.max(length, previous.length * 2)];
        }
        System.arraycopy(buf, s, previous, 0, length);
        previousLength = length;
        previousFrames = frames;
        previousLeaf = node;
        return node;
    }

    private int frameId(byte[] buf, int off, int len, boolean leaf) throws LimitExceededException {
        int id = cache.get(buf, off, len, leaf);
        if (id >= 0) {
            return id;
        }
        String raw = new String(buf, off, len, StandardCharsets.UTF_8);
        if (raw.length() > limits.maxNameLength()) {
            throw new LimitExceededException("frame name of " + raw.length()
                    + " chars is longer than the limit of " + limits.maxNameLength());
        }
        id = builder.frameId(decoder.decode(raw, leaf));
        cache.put(buf, off, len, leaf, id);
        return id;
    }

    private long parseCount(byte[] buf, int from, int to) throws MalformedProfileException {
        boolean negative = buf[from] == '-';
        int i = negative ? from + 1 : from;
        if (i == to) {
            throw malformed("sample count '" + text(buf, from, to) + "' is not a whole number");
        }
        long value = 0;
        for (; i < to; i++) {
            int d = buf[i] - '0';
            if (d < 0 || d > 9) {
                throw malformed("sample count '" + text(buf, from, to) + "' is not a whole number");
            }
            if (value > (Long.MAX_VALUE - d) / 10) {
                throw malformed("sample count " + text(buf, from, to) + " is too large");
            }
            value = value * 10 + d;
        }
        if (negative) {
            throw malformed("negative sample count " + text(buf, from, to));
        }
        return value;
    }

    private MalformedProfileException malformed(String problem) {
        return new MalformedProfileException(problem, source, CollapsedReader.FORMAT, Position.line(line), null);
    }

    private static String text(byte[] buf, int from, int to) {
        String s = new String(buf, from, Math.min(to - from, MAX_SHOWN_COUNT), StandardCharsets.UTF_8);
        return to - from > MAX_SHOWN_COUNT ? s + "..." : s;
    }

    private static boolean isTrailingBlank(byte b) {
        return b == ' ' || b == '\t' || b == '\r';
    }

    private static boolean isBlank(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] != ' ' && buf[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    private static int indexOfNewline(byte[] buf, int from, int to) {
        return ByteWords.indexOf(buf, from, to, (byte) '\n');
    }
}
