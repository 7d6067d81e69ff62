package dev.flamediff.collect.jfr;

import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.nio.file.Path;

/** One way of decoding a recording's events into a {@link JfrSampleSink} (made by {@link JfrParserChoice#create()}). Stateless. */
interface JfrParser {

    /**
     * Reads the events of the readable chunks into the sink, aggregating equal stacks before
     * resolving them.
     *
     * @param file the recording; only {@code chunks.readable()} of it may be parsed
     * @param source the input's name, for error messages
     * @throws ProfileException if a readable chunk cannot be decoded, naming its byte offset
     */
    void parse(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameNamer namer, String source)
            throws IOException, ProfileException;
}
