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
    private final boolean skipBadLines;
    private final CollapsedFrameDecoder decoder;
    private final FrameCache cache = new FrameCache();
    private final CountParser counts = new CountParser();
    private final CollapsedHeader header = new CollapsedHeader();
    private final BadLines badLines = new BadLines();
    /** Made at the first stack line, once it shows whether lines have one count or two. */
    private CallTreeBuilder builder;
    /** 0 before the first stack line, then 1 ({@code stack count}) or 2 ({@code stack base head}). */
    private int columns;
    private final long[] totals = new long[2];
    private final long[] values = new long[2];
    private long pending;
    private boolean rounded;
    /** The byte that ends lines, or 0 until the input shows it. */
    private byte eol;
    private long line;
    /** The previous stack's bytes, the ends of its inner frames (relative) and their nodes. */
    private byte[] previous = new byte[256];
    private int previousLength;
    private int[] previousEnds = new int[64];
    private int[] previousNodes = new int[64];
    private int previousFrames;
    private int previousLeaf;
    private long stacks;

    CollapsedParser(String source, InputLimits limits, boolean normalizeNames, boolean skipBadLines) {
        this.source = source;
        this.limits = limits;
        this.skipBadLines = skipBadLines;
        this.decoder = new CollapsedFrameDecoder(normalizeNames);
        // A line can hold at most maxDepth frames of maxNameLength chars (up to 3 bytes each).
        // The line is buffered whole, so the bound is also capped at 64 MiB: with the default
        // limits it would be 1 GiB of heap (2 while the buffer grows) for one hostile line,
        // where the deepest real stacks take a few MB.
        long bound = (3L * limits.maxNameLength() + 1) * limits.tree().maxDepth() + 64;
        this.maxLineBytes = Math.min(bound, MAX_LINE_BYTES);
    }

    /** What one read found: the tree, how many count columns its lines had, and what else it noticed. */
    record Parsed(CallTree tree, int columns, CollapsedHeader header, BadLines badLines, boolean rounded) {
    }

    /** Reads every line of the stream and returns the tree with what the read noticed. */
    Parsed parse(InputStream in) throws IOException, ProfileException {
        byte[] buf = new byte[1 << 16];
        int start = 0;
        int limit = 0;
        int scan = 0;
        boolean eof = false;
        boolean first = true;
        while (true) {
            if (eol == 0) {
                eol = lineEnd(buf, start, limit, eof);
            }
            int nl = eol == 0 ? -1 : ByteWords.indexOf(buf, scan, limit, eol);
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
            String why = badLines.count() > 0 ? "no readable stacks in the input (" + badLines.note() + ")"
                    : "no stacks in the input";
            throw new MalformedProfileException(why, source, CollapsedReader.FORMAT, Position.NONE, null);
        }
        return new Parsed(builder.build(), columns, header, badLines, rounded);
    }

    /**
     * Returns the byte that ends lines, once the bytes show it: {@code \n} (CRLF included, its CR
     * is trailing blank), or {@code \r} for a file with old Mac line ends, whose first line end is
     * a CR not followed by LF. Returns 0 while the buffer holds neither yet.
     */
    private static byte lineEnd(byte[] buf, int from, int to, boolean eof) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n') {
                return '\n';
            }
            if (buf[i] == '\r') {
                if (i + 1 < to) {
                    return buf[i + 1] == '\n' ? (byte) '\n' : (byte) '\r';
                }
                return eof ? (byte) '\r' : 0;
            }
        }
        return 0;
    }

    private void parseLine(byte[] buf, int s, int e) throws ProfileException {
        line++;
        int end = e;
        while (end > s && isTrailingBlank(buf[end - 1])) {
            end--;
        }
        int begin = s;
        while (begin < end && (buf[begin] == ' ' || buf[begin] == '\t')) {
            begin++;
        }
        if (end == begin) {
            return;
        }
        if (buf[begin] == '#') {
            header.comment(buf, begin, end);
            return;
        }
        String problem = stackLine(buf, s, end);
        if (problem != null) {
            if (!skipBadLines) {
                throw malformed(problem);
            }
            badLines.add(line, problem);
        }
    }

    /** Reads one stack line; returns null when it was added, otherwise what is wrong with it. */
    private String stackLine(byte[] buf, int s, int end) throws ProfileException {
        int sep = lastBlank(buf, s, end);
        if (sep < s) {
            return "no sample count after the last space";
        }
        if (columns == 0) {
            int before = lastBlank(buf, s, sep);
            boolean three = before >= s && CountParser.isCount(buf, before + 1, sep) && !isBlank(buf, s, before)
                    && CountParser.isCount(buf, sep + 1, end);
            columns = three ? 2 : 1;
            builder = new CallTreeBuilder(three ? List.of(CollapsedReader.BASE_COLUMN, CollapsedReader.HEAD_COLUMN)
                    : List.of(header.valueType()), limits.tree());
        }
        int stackEnd = sep;
        int firstCount = sep + 1;
        if (columns == 2) {
            stackEnd = lastBlank(buf, s, sep);
            if (stackEnd < s || !CountParser.isCount(buf, stackEnd + 1, sep)) {
                return "a 3-column file (stack base head) needs two counts after the stack";
            }
            firstCount = stackEnd + 1;
        }
        for (int v = 0; v < columns; v++) {
            int from = v == 0 ? firstCount : sep + 1;
            int to = v == 0 && columns == 2 ? sep : end;
            String bad = counts.parse(buf, from, to);
            if (bad != null) {
                return switch (bad) {
                    case "negative sample count" -> "negative sample count " + text(buf, from, to);
                    case "too large" -> "sample count " + text(buf, from, to) + " is too large";
                    default -> "sample count '" + text(buf, from, to) + "' is not a number";
                };
            }
            String scaled = scale(v);
            if (scaled != null) {
                return scaled;
            }
            values[v] = pending;
        }
        if (isBlank(buf, s, stackEnd)) {
            return "empty stack before the sample count";
        }
        if (skipBadLines) {
            String empty = emptyFrame(buf, s, stackEnd);
            if (empty != null) {
                return empty;
            }
        }
        int node = addStack(buf, s, stackEnd);
        for (int v = 0; v < columns; v++) {
            builder.addSelf(node, v, values[v]);
            totals[v] += values[v];
        }
        stacks++;
        return null;
    }

    /**
     * Brings the count just parsed and column {@code v} to common decimals: raises the column's
     * decimals when the count has more places, and leaves the count in {@link #pending} in the
     * column's units. Returns null, or the problem when the sums no longer fit.
     */
    private String scale(int v) {
        rounded |= counts.rounded;
        int d = builder.valueTypes().get(v).decimals();
        try {
            if (counts.decimals > d) {
                long factor = ValueType.powerOfTen(counts.decimals - d);
                long newTotal = Math.multiplyExact(totals[v], factor);
                builder.raiseDecimals(v, counts.decimals);
                totals[v] = newTotal;
                d = counts.decimals;
            }
            pending = Math.multiplyExact(counts.units, ValueType.powerOfTen(d - counts.decimals));
            Math.addExact(totals[v], pending);
            return null;
        } catch (ArithmeticException ex) {
            int places = Math.max(d, counts.decimals);
            return places == 0 ? "the sample counts add up to more than " + Long.MAX_VALUE
                    : "the sample counts add up to more than a long holds with " + places + " decimal places";
        }
    }

    private static String emptyFrame(byte[] buf, int s, int stackEnd) {
        if (buf[s] == ';' || buf[stackEnd - 1] == ';') {
            return "empty frame name in the stack";
        }
        for (int i = s + 1; i < stackEnd; i++) {
            if (buf[i] == ';' && buf[i - 1] == ';') {
                return "empty frame name in the stack";
            }
        }
        return null;
    }

    private static int lastBlank(byte[] buf, int s, int end) {
        int sep = end - 1;
        while (sep >= s && buf[sep] != ' ' && buf[sep] != '\t') {
            sep--;
        }
        return sep;
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

}
