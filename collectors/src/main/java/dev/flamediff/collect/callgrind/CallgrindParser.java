package dev.flamediff.collect.callgrind;

import static dev.flamediff.collect.callgrind.CallgrindWords.clip;
import static dev.flamediff.collect.callgrind.CallgrindWords.isKey;
import static dev.flamediff.collect.callgrind.CallgrindWords.parseCount;
import static dev.flamediff.collect.callgrind.CallgrindWords.tokens;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the callgrind format line by line into a {@link CallGraph}: header keys, name
 * compression, subposition compression, self cost lines, {@code calls=} lines (whose next cost
 * line is the inclusive cost of the calls, never self cost), jump lines and several parts.
 * Single use: one parser per file.
 */
final class CallgrindParser {

    private enum Pending { NONE, CALL, JUMP }

    private final String source;
    private final NameTable objects;
    private final NameTable files;
    private final FunctionNameTable functions;
    private final List<String> threads = new ArrayList<>();
    private final Map<String, String> longNames = new HashMap<>();

    private List<String> events;
    private CallGraph graph;
    private long[] selfTotals;
    private long[] totals;
    private long[] summary;
    private int parts;
    private boolean partSummary;
    private boolean partTotals;
    /** Whether the current part has had a cost line. */
    private boolean partCosts;
    private String command = "";
    private String creator = "";

    private final PositionDecoder positions = new PositionDecoder();
    private String object = "???";
    private String calleeObject;
    private String calleeName;
    private int function = -1;
    private int callee = -1;
    private Pending pending = Pending.NONE;
    private long lineNumber;

    CallgrindParser(int maxNameLength) {
        this(maxNameLength, "callgrind input");
    }

    /** @param source the input's name, for the message of an interrupted read */
    CallgrindParser(int maxNameLength, String source) {
        this.source = source;
        this.objects = new NameTable("object", maxNameLength);
        this.files = new NameTable("file", maxNameLength);
        this.functions = new FunctionNameTable(maxNameLength);
    }

    /**
     * Reads the whole file.
     *
     * @throws ProfileException if the content breaks the format; the position is the line, the
     *     source and format are left for the caller to fill in
     */
    CallgrindFile parse(BufferedReader in) throws ProfileException, IOException {
        boolean truncated = false;
        try {
            String line = in.readLine();
            while (line != null) {
                // One line of lookahead: a file cut short may end in half a line.
                String next = in.readLine();
                lineNumber++;
                if ((lineNumber & 4095) == 0) {
                    ReadInterrupts.check(source);
                }
                try {
                    line(line);
                } catch (ProfileException e) {
                    if (next != null || !cutShort()) {
                        throw e;
                    }
                }
                line = next;
            }
            lineNumber++;
            truncated = cutShort();
            if (pending != Pending.NONE && !truncated) {
                throw new MalformedProfileException("the file ends after a " + (pending == Pending.CALL
                        ? "calls=" : "jump") + " line, before the cost line that belongs to it");
            }
        } catch (ProfileException e) {
            throw e.withContext(null, null, Position.line(lineNumber));
        } catch (ArithmeticException e) {
            throw new MalformedProfileException("a cost sum overflows 64 bits", null, null,
                    Position.line(lineNumber), e);
        }
        if (events == null) {
            throw new MalformedProfileException("no events: line", null, null, Position.line(lineNumber), null);
        }
        return new CallgrindFile(events, graph, selfTotals, totals, summary, Math.max(1, parts),
                List.copyOf(threads), command, creator, Map.copyOf(longNames), truncated);
    }

    /**
     * Returns whether the current part announced its costs ({@code summary:}) but has not ended
     * with {@code totals:}, as callgrind ends every part: the file was cut short.
     */
    private boolean cutShort() {
        return partSummary && !partTotals;
    }

    private void line(String line) throws ProfileException {
        if (line.isEmpty()) {
            return;
        }
        char first = line.charAt(0);
        if (first >= '0' && first <= '9' || first == '+' || first == '-' || first == '*') {
            costLine(line);
            return;
        }
        if (first == '#') {
            return;
        }
        if (pending != Pending.NONE) {
            throw new MalformedProfileException("expected the cost line of the "
                    + (pending == Pending.CALL ? "calls=" : "jump") + " line before, found: " + clip(line));
        }
        int eq = line.indexOf('=');
        int colon = line.indexOf(':');
        if (eq > 0 && (colon < 0 || eq < colon) && isKey(line, eq)) {
            specification(line.substring(0, eq), line.substring(eq + 1));
        } else if (colon > 0 && isKey(line, colon)) {
            header(line.substring(0, colon), line.substring(colon + 1).strip());
        } else {
            throw new MalformedProfileException("not a callgrind line: " + clip(line));
        }
    }

    private void specification(String key, String value) throws ProfileException {
        switch (key) {
            case "ob" -> object = objects.resolve(value);
            case "cob" -> calleeObject = objects.resolve(value);
            case "fl", "fi", "fe", "cfi", "cfl", "jfi" -> files.resolve(value);
            case "fn" -> {
                requireEvents();
                function = graph.function(object, functions.resolve(value));
                calleeName = null;
                calleeObject = null;
            }
            case "cfn" -> calleeName = functions.resolve(value);
            case "jfn" -> functions.resolve(value);
            case "calls" -> {
                if (function < 0 || calleeName == null) {
                    throw new MalformedProfileException("calls= without " + (function < 0 ? "fn=" : "cfn=") + " before it");
                }
                String[] tokens = tokens(value);
                if (tokens.length == 0) {
                    throw new MalformedProfileException("calls= without a call count");
                }
                parseCount(tokens[0]);
                positions.target(tokens, 1);
                callee = graph.function(calleeObject != null ? calleeObject : object, calleeName);
                pending = Pending.CALL;
            }
            case "jump", "jcnd" -> {
                String[] tokens = tokens(value);
                if (tokens.length == 0) {
                    throw new MalformedProfileException(key + "= without a count");
                }
                int from = 1;
                for (String count : tokens[0].split("/", -1)) {
                    parseCount(count);
                }
                // Older writers separate jcnd's two counts with a space instead of a slash.
                if (key.equals("jcnd") && tokens[0].indexOf('/') < 0 && tokens.length == positions.count() + 2) {
                    parseCount(tokens[1]);
                    from = 2;
                }
                positions.target(tokens, from);
                pending = Pending.JUMP;
            }
            default -> throw new MalformedProfileException("unknown specification " + key + "=");
        }
    }

    private void header(String key, String value) throws ProfileException {
        switch (key) {
            case "events" -> {
                List<String> names = List.of(tokens(value));
                if (names.isEmpty()) {
                    throw new MalformedProfileException("events: names no event");
                }
                if (new java.util.HashSet<>(names).size() < names.size()) {
                    throw new MalformedProfileException("events: names an event twice: " + value);
                }
                if (events == null) {
                    events = names;
                    graph = new CallGraph(names.size());
                    selfTotals = new long[names.size()];
                } else if (!events.equals(names)) {
                    throw new MalformedProfileException("events: " + value + " differs from the first part's events: "
                            + String.join(" ", events));
                }
            }
            case "positions" -> positions.configure(tokens(value));
            case "summary" -> {
                summary = addTo(summary, value, key);
                partSummary = true;
                // Callgrind announces a part's costs in its header and ends it with totals:;
                // cachegrind writes summary: last, after the costs, and no totals: at all.
                partTotals |= partCosts;
            }
            case "totals" -> {
                totals = addTo(totals, value, key);
                partTotals = true;
            }
            case "part" -> {
                partSummary = false;
                partTotals = false;
                partCosts = false;
                parts++;
                positions.reset();
                function = -1;
                calleeName = null;
                calleeObject = null;
                object = "???";
            }
            case "thread" -> threads.add(value);
            case "cmd" -> command = value;
            case "creator" -> creator = value;
            case "event" -> {
                int colon = value.indexOf(':');
                if (colon > 0) {
                    longNames.put(value.substring(0, colon).strip(), value.substring(colon + 1).strip());
                }
            }
            default -> {
                // version, pid, desc and keys of later versions carry nothing the tree needs.
            }
        }
    }

    private void costLine(String line) throws ProfileException {
        requireEvents();
        String[] tokens = tokens(line);
        partCosts = true;
        int used = positions.cost(tokens);
        if (pending == Pending.JUMP) {
            // The position line after a jump names the jump's source; it has no cost of its own.
            pending = Pending.NONE;
            return;
        }
        if (function < 0) {
            throw new MalformedProfileException("cost line before any fn= line");
        }
        int n = events.size();
        if (tokens.length - used > n) {
            throw new MalformedProfileException("cost line has " + (tokens.length - used) + " costs for "
                    + n + " events: " + clip(line));
        }
        long[] costs = new long[n];
        for (int i = used; i < tokens.length; i++) {
            costs[i - used] = parseCount(tokens[i]);
        }
        if (pending == Pending.CALL) {
            graph.addCall(function, callee, costs);
            pending = Pending.NONE;
            calleeObject = null;
            return;
        }
        graph.addSelf(function, costs);
        for (int e = 0; e < n; e++) {
            selfTotals[e] = Math.addExact(selfTotals[e], costs[e]);
        }
    }

    private long[] addTo(long[] sum, String value, String key) throws ProfileException {
        requireEvents();
        String[] tokens = tokens(value);
        if (tokens.length > events.size()) {
            throw new MalformedProfileException(key + ": has " + tokens.length + " values for " + events.size() + " events");
        }
        long[] out = sum == null ? new long[events.size()] : sum;
        for (int i = 0; i < tokens.length; i++) {
            out[i] = Math.addExact(out[i], parseCount(tokens[i]));
        }
        return out;
    }

    private void requireEvents() throws MalformedProfileException {
        if (events == null) {
            throw new MalformedProfileException("costs or functions before the events: line");
        }
    }
}
