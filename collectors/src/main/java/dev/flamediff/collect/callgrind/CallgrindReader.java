package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.Detection;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ProfileReader;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Position;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.UnrecognizedFormatException;
import dev.flamediff.model.ValueType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Valgrind callgrind files ({@code callgrind.out.<pid>}). Every event of {@code events:}
 * becomes a value type (kind = event name; unit {@code instructions} for {@code Ir}, a time unit
 * for {@code --collect-systime} times, else {@code events}), the selected one first: {@link ReadOptions#event()}, by default {@code Ir}.
 *
 * <p>When function names carry caller contexts ({@code --separate-callers=N}), the stacks are
 * read off the names and are exact. Otherwise they are reconstructed from the call graph by
 * proportional expansion and the profile is marked approximate. Frame names are function names
 * (the text before the first {@code '}), of kind native. Files with several parts
 * ({@code --combine-dumps}) are summed; each file of {@code --separate-threads} is one profile,
 * under a root frame {@code thread N} when {@link ReadOptions#threads()} is set.
 */
public final class CallgrindReader implements ProfileReader {

    /** The format's name. */
    public static final String FORMAT = "callgrind";

    private static final String MAGIC = "# callgrind format";
    private static final int DETECT_WINDOW = 2048;

    /** Returns {@code callgrind}. */
    @Override
    public String format() {
        return FORMAT;
    }

    /**
     * Returns YES when the first line is {@code # callgrind format} or a line in the first 2 KB
     * starts with {@code events:} (as KCachegrind detects it), NEED_MORE while fewer text bytes
     * than that are known, NO otherwise.
     */
    @Override
    public Detection detect(byte[] prefix, int length, boolean complete) {
        int window = Math.min(length, DETECT_WINDOW);
        String head = new String(prefix, 0, window, StandardCharsets.ISO_8859_1);
        if (head.startsWith(MAGIC)) {
            return Detection.YES;
        }
        if (head.startsWith("events:") || head.contains("\nevents:")) {
            return Detection.YES;
        }
        // Text only: a NUL byte means a binary format.
        return !complete && length < DETECT_WINDOW && head.indexOf('\0') < 0 ? Detection.NEED_MORE : Detection.NO;
    }

    /**
     * Reads the file.
     *
     * @return the profile; {@link ProfileMetadata#approximate()} is true when the stacks were
     *     reconstructed from the call graph
     * @throws ProfileException if the file breaks the format (naming the line), if the selected
     *     event is not in the file, or if a limit is exceeded
     * @throws IOException if reading fails
     */
    @Override
    public Profile read(ProfileInput input, ReadOptions options) throws ProfileException, IOException {
        CallgrindFile file;
        // A line holds at most a name and its compressed-name prefix, or a position and the costs.
        long maxLineBytes = 4L * options.limits().maxNameLength() + 4096;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new LineLengthLimit(input.open(), maxLineBytes, input.name()), StandardCharsets.UTF_8), 1 << 16)) {
            file = new CallgrindParser(options.limits().maxNameLength(), input.name()).parse(in);
        } catch (ProfileException e) {
            throw e.withContext(input.name(), FORMAT, null);
        }
        int[] order = eventOrder(file.events(), options, input.name());
        List<ValueType> types = new ArrayList<>(order.length);
        for (int e : order) {
            String event = file.events().get(e);
            types.add(new ValueType(event, file.unit(event)));
        }
        boolean exact = hasContexts(file.graph());
        // Only --separate-threads files say which thread they hold; other files mix all threads.
        Frame root = options.threads() && !file.threads().isEmpty()
                ? new Frame("thread " + String.join(",", file.threads()), FrameKind.THREAD) : null;
        CallTree tree;
        boolean clamped = false;
        int cut = 0;
        try {
            if (exact) {
                ContextTreeBuilder.Result r = ContextTreeBuilder.build(file.graph(), types, order, root,
                        options.limits().tree(), input.name());
                tree = r.tree();
                cut = r.cutContexts();
            } else {
                ProportionalTreeBuilder.Result r = ProportionalTreeBuilder.build(file.graph(), types, order, root,
                        options.limits().tree(), input.name());
                tree = r.tree();
                clamped = r.clamped();
            }
        } catch (LimitExceededException e) {
            throw e.withContext(input.name(), FORMAT, Position.NONE);
        }
        // Without any call (cachegrind's format) every stack is one function: nothing was reconstructed.
        CallgrindNotes.Shape shape = exact ? CallgrindNotes.Shape.CONTEXTS
                : file.graph().calls().isEmpty() ? CallgrindNotes.Shape.FLAT : CallgrindNotes.Shape.CALL_GRAPH;
        ProfileMetadata metadata = CallgrindNotes.metadata(input.name(), file, order, shape, clamped, cut);
        return new Profile(tree, metadata);
    }

    /**
     * Returns whether the stacks can be read off the names: some name carries callers and every
     * called function does. A file where only some functions carry callers
     * ({@code --separate-callers2=foo}) is expanded from its call graph instead.
     */
    private static boolean hasContexts(CallGraph graph) {
        for (long call : graph.calls().keySet()) {
            if (!ContextName.hasCallers(graph.name(CallGraph.callee(call)))) {
                return false;
            }
        }
        for (int f = 0; f < graph.size(); f++) {
            if (ContextName.hasCallers(graph.name(f))) {
                return true;
            }
        }
        return false;
    }

    /** Returns the file's event indexes, the selected event first, the others in file order. */
    private static int[] eventOrder(List<String> events, ReadOptions options, String source)
            throws UnrecognizedFormatException {
        int selected;
        if (options.event().isPresent()) {
            String wanted = options.event().get();
            selected = events.indexOf(wanted);
            for (int e = 0; selected < 0 && e < events.size(); e++) {
                if (events.get(e).equalsIgnoreCase(wanted)) {
                    selected = e;
                }
            }
            if (selected < 0) {
                throw new UnrecognizedFormatException("no event " + wanted + " in this file (events: "
                        + String.join(" ", events) + ")", source, FORMAT, Position.NONE, null);
            }
        } else {
            selected = Math.max(0, events.indexOf("Ir"));
        }
        int[] order = new int[events.size()];
        order[0] = selected;
        int next = 1;
        for (int e = 0; e < events.size(); e++) {
            if (e != selected) {
                order[next++] = e;
            }
        }
        return order;
    }
}
