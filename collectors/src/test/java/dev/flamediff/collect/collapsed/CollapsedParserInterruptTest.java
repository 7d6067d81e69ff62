package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.InterruptingStream;
import java.io.ByteArrayOutputStream;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The parser itself checks for interruption, whatever stream it reads (not only the library's own). */
@Timeout(60)
class CollapsedParserInterruptTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void stopsAtTheNextBufferOnceInterrupted() {
        byte[] input = lines(200_000);
        InterruptingStream in = new InterruptingStream(input, 1 << 20);
        assertThatThrownBy(() -> new CollapsedParser("big.folded", InputLimits.DEFAULT, false, false).parse(in))
                .isInstanceOf(InterruptedIOException.class)
                .hasMessage("reading big.folded was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void readsToTheEndWhenNotInterrupted() throws Exception {
        byte[] input = lines(200_000);
        InterruptingStream in = new InterruptingStream(input, Long.MAX_VALUE);
        assertThat(new CollapsedParser("big.folded", InputLimits.DEFAULT, false, false).parse(in).tree().grandTotal(0))
                .isEqualTo(200_000L * 200_001 / 2);
    }

    private static byte[] lines(int n) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            out.writeBytes(("main;work" + (i % 97) + ";leaf" + (i % 1013) + " " + (i + 1) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }
}
