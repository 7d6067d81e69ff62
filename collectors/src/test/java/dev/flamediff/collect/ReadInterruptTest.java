package dev.flamediff.collect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.BufferedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read on an interrupted thread stops with InterruptedIOException naming the input and leaves
 * the interrupt flag set. The inputs are large enough that the read is still running when the
 * worker is interrupted right after it signals that it starts.
 */
@Timeout(120)
class ReadInterruptTest {

    @TempDir
    Path dir;

    @Test
    void collapsedFileReadStops() throws Exception {
        Path file = dir.resolve("big.folded");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (int i = 0; i < 400_000; i++) {
                out.write(("main;work" + (i % 97) + ";leaf" + (i % 1013) + " " + (i + 1) + "\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        assertInterrupted(file, ReadOptions.DEFAULT);
    }

    @Test
    void asyncProfilerRecordingStops() throws Exception {
        assertInterrupted(repeated("jfr/ap17-head.jfr", 40), ReadOptions.DEFAULT);
    }

    @Test
    void jdkRecordingWithAsyncParserStops() throws Exception {
        assertInterrupted(repeated("jfr/jdk17-head.jfr", 40), ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.ASYNC));
    }

    @Test
    void recordingsWithFlamediffParserStop() throws Exception {
        assertInterrupted(repeated("jfr/jdk17-head.jfr", 40), ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.FLAMEDIFF));
        assertInterrupted(repeated("jfr/ap17-head.jfr", 40), ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.FLAMEDIFF));
    }

    @Test
    void jdkRecordingWithJdkParserStops() throws Exception {
        assertInterrupted(repeated("jfr/jdk17-head.jfr", 40), ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.JDK));
    }

    @Test
    void callgrindFileReadStops() throws Exception {
        Path file = dir.resolve("callgrind.out.big");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            out.write("events: Ir\n".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 300_000; i++) {
                out.write(("fn=f" + i + "\n1 " + (i + 1) + "\ncfn=g" + (i % 1000) + "\ncalls=1 1\n1 5\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        assertInterrupted(file, ReadOptions.DEFAULT);
    }

    @Test
    void spoolingAStreamStops() throws Exception {
        // An endless stream that interrupts its reader after 1 MB: only the interruption can end the read.
        InputStream endless = new InputStream() {
            private long served;

            @Override
            public int read() {
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                served += len;
                if (served > (1 << 20)) {
                    Thread.currentThread().interrupt();
                }
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                return len;
            }
        };
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean flag = new AtomicBoolean();
        Thread worker = new Thread(() -> {
            try {
                Profiles.read("stdin-test", endless, ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT));
            } catch (Throwable t) {
                thrown.set(t);
            }
            flag.set(Thread.currentThread().isInterrupted());
        });
        worker.start();
        worker.join();
        assertThat(thrown.get()).isInstanceOf(InterruptedIOException.class).hasMessageContaining("stdin-test");
        assertThat(flag).isTrue();
    }

    @Test
    void uninterruptedReadIsUnchanged() throws Exception {
        Path file = FixtureFiles.path("jfr/ap17-head.jfr");
        assertThat(Profiles.read(file, ReadOptions.DEFAULT).tree().grandTotal(0)).isPositive();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    private Path repeated(String fixture, int copies) throws IOException {
        byte[] one = Files.readAllBytes(FixtureFiles.path(fixture));
        Path file = dir.resolve("big.jfr");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (int i = 0; i < copies; i++) {
                out.write(one);
            }
        }
        return file;
    }

    private static void assertInterrupted(Path file, ReadOptions options) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean flag = new AtomicBoolean();
        Thread worker = new Thread(() -> {
            started.countDown();
            try {
                Profiles.read(file, options);
            } catch (Throwable t) {
                thrown.set(t);
            }
            flag.set(Thread.currentThread().isInterrupted());
        });
        worker.start();
        started.await();
        worker.interrupt();
        worker.join();
        assertThat(thrown.get()).isInstanceOf(InterruptedIOException.class)
                .hasMessage("reading " + file + " was interrupted");
        assertThat(flag).as("interrupt flag after the read").isTrue();
    }
}
