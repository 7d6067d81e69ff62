package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.ValueType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The state of reading one collapsed input, or one part of it cut at line boundaries: reads the
 * lines ({@link LineSplitter}) and adds each stack ({@link StackAdder}) to a {@link CallTreeBuilder},
 * summing the counts. Single use, single-threaded.
 */
final class CollapsedParser implements LineSplitter.Sink {

    private static final int MAX_SHOWN_COUNT = 40;
    /** The longest line buffered, whatever the limits allow. */
    private static final long MAX_LINE_BYTES = 64L << 20;

    private final String source;
    private final InputLimits limits;
    private final long maxLineBytes;
    private final boolean skipBadLines;
    private final StackAdder stacksAdder;
    private final CountParser counts = new CountParser();
    private final CollapsedHeader header = new CollapsedHeader();
    private final BadLines badLines = new BadLines();
    /** Made at the first stack line, once it shows whether lines have one count or two. */
    private CallTreeBuilder builder;
    /** 0 before the first stack line, then 1 ({@code stack count}) or 2 ({@code stack base head}). */
    private int columns;
    private final long[] totals = new long[2];
    private final long[] values = new long[2];
    /** The values of the stack line read last, one per column. */
    private long[] stackValues;
    private long pending;
    private boolean rounded;
    private long line;
    private long stacks;

    CollapsedParser(String source, InputLimits limits, boolean normalizeNames, boolean skipBadLines) {
        this.source = source;
        this.limits = limits;
        this.skipBadLines = skipBadLines;
        this.stacksAdder = new StackAdder(normalizeNames, limits.maxNameLength(), limits.tree().maxDepth());
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

    /**
     * What the read of one part of an input found, its tree not built yet.
     *
     * @param builder the part's tree, null when no line of the part reached the count columns
     * @param columns 0 (no builder), 1 or 2, as the part's first stack line showed
     * @param totals the sum of each column's counts, in the builder's decimals
     * @param stacks the stack lines added
     * @param lines the lines of the part, blank and comment lines included
     */
    record Part(CallTreeBuilder builder, int columns, long[] totals, long stacks, long lines, CollapsedHeader header,
                BadLines badLines, boolean rounded) {
    }

    /** Reads every line of the stream and returns the tree with what the read noticed. */
    Parsed parse(InputStream in) throws IOException, ProfileException {
        Part part = parsePart(in, (byte) 0, true, null);
        if (part.stacks() == 0) {
            String why = badLines.count() > 0 ? "no readable stacks in the input (" + badLines.note() + ")"
                    : "no stacks in the input";
            throw new MalformedProfileException(why, source, CollapsedReader.FORMAT, Position.NONE, null);
        }
        return new Parsed(builder.build(), columns, header, badLines, rounded);
    }

    /**
     * Reads every line of one part of an input, the whole input or a range that starts just after
     * a line end, and returns what it found with the tree still unbuilt. Line numbers in errors and
     * in the bad lines are counted from the part's start.
     *
     * @param eol the byte that ends lines, or 0 to find it from the bytes
     * @param fileStart whether the part starts the input (a byte-order mark may open it)
     * @param stop asked once per buffer: true ends the read with {@link java.io.InterruptedIOException};
     *     null for the current thread's interrupt
     */
    Part parsePart(InputStream in, byte eol, boolean fileStart, BooleanSupplier stop)
            throws IOException, ProfileException {
        LineSplitter lines = new LineSplitter(source, maxLineBytes, eol, fileStart, stop);
        lines.split(in, this);
        return new Part(builder, columns, totals.clone(), stacks, lines.lines(), header, badLines, rounded);
    }

    /** Reads one line, {@code buf[s, e)} without its line end. */
    @Override
    public void line(long number, byte[] buf, int s, int e) throws ProfileException {
        line = number;
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
            stackValues = new long[columns];
            builder = new CallTreeBuilder(three ? List.of(CollapsedReader.BASE_COLUMN, CollapsedReader.HEAD_COLUMN)
                    : List.of(header.valueType()), limits.tree());
            stacksAdder.into(builder);
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
        System.arraycopy(values, 0, stackValues, 0, columns);
        try {
            stacksAdder.add(buf, s, stackEnd, stackValues);
        } catch (ProfileException ex) {
            throw ex.withContext(source, CollapsedReader.FORMAT, Position.line(line));
        }
        for (int v = 0; v < columns; v++) {
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
