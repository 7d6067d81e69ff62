package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.InterruptingStream;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The parser checks for interruption every few thousand lines, whatever stream it reads. */
@Timeout(60)
class CallgrindParserInterruptTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void stopsWithinAFewThousandLinesOnceInterrupted() {
        BufferedReader in = reader(new InterruptingStream(file(100_000), 1 << 20));
        assertThatThrownBy(() -> new CallgrindParser(InputLimits.DEFAULT.maxNameLength(), "callgrind.out.big")
                .parse(in))
                .isInstanceOf(InterruptedIOException.class)
                .hasMessage("reading callgrind.out.big was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void readsToTheEndWhenNotInterrupted() throws Exception {
        BufferedReader in = reader(new InterruptingStream(file(100_000), Long.MAX_VALUE));
        assertThat(new CallgrindParser(InputLimits.DEFAULT.maxNameLength(), "callgrind.out.big").parse(in)
                .events()).containsExactly("Ir");
    }

    private static BufferedReader reader(InterruptingStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    private static byte[] file(int functions) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("events: Ir\n".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < functions; i++) {
            out.writeBytes(("fn=f" + i + "\n1 " + (i + 1) + "\ncfn=g" + (i % 1000) + "\ncalls=1 1\n1 5\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }
}
