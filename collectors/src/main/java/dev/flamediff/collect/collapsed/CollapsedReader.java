package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.Detection;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ProfileReader;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.ProfileMetadata;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads collapsed ("folded") stacks, as written by async-profiler's {@code collapsed} output,
 * flamegraph.pl's {@code stackcollapse-*} scripts and inferno: one {@code frame;frame;...;frame count}
 * line per stack, root first. The count is the number after the <em>last</em> space, since frame
 * names may contain spaces; lines of the same stack are summed; blank lines are skipped; CRLF line
 * ends and a UTF-8 byte-order mark are accepted. Values are {@code samples/count}.
 *
 * <p>Frame kinds come from async-profiler's suffixes; see {@link CollapsedFrameDecoder} for the
 * rules, including the allocation and lock leaves whose suffixes mean something else.
 *
 * <p>Stateless: one instance can read many inputs concurrently.
 */
public final class CollapsedReader implements ProfileReader {

    /** The format's name. */
    public static final String FORMAT = "collapsed";

    /** Creates the reader. */
    public CollapsedReader() {
    }

    /** Returns {@code collapsed}. */
    @Override
    public String format() {
        return FORMAT;
    }

    /**
     * Returns YES when the first non-blank line is text of the form {@code stack<space>digits}
     * (and the input is not a callgrind file), NO when it is not, and NEED_MORE when the prefix
     * ends before the first non-blank line does.
     */
    @Override
    public Detection detect(byte[] prefix, int length, boolean complete) {
        return CollapsedDetector.detect(prefix, length, complete);
    }

    /**
     * Reads the whole input.
     *
     * @return the profile, with one value type {@code samples/count}; its event is the options'
     *     event, or {@code samples} since the format does not say
     * @throws MalformedProfileException for a line without a count, with a count that is not a
     *     whole number, negative or too large, with an empty stack or an empty frame, or for an
     *     input without any stack; the message names the line
     * @throws dev.flamediff.model.LimitExceededException when a frame name, a line, the stack depth
     *     or the tree size is over the options' limits
     * @throws IOException if the input cannot be read
     */
    @Override
    public Profile read(ProfileInput input, ReadOptions options) throws ProfileException, IOException {
        CollapsedParser parser = new CollapsedParser(input.name(), options.limits(), options.normalizeNames());
        CallTree tree;
        try (InputStream in = input.open()) {
            tree = parser.parse(in);
        } catch (RuntimeException e) {
            // A bug must not look like a crash to a service reading untrusted uploads.
            throw new MalformedProfileException("cannot read the input: " + e, input.name(), FORMAT,
                    Position.NONE, e);
        }
        ProfileMetadata metadata = ProfileMetadata.of(input.name(), FORMAT, options.event().orElse("samples"));
        return new Profile(tree, metadata);
    }
}
