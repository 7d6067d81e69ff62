package dev.flamediff.collect.callgrind;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * A callgrind file whose call graph expands into far more stacks than it has lines: {@code width}
 * functions each call the same {@code width} others, each of which leads into a chain of
 * {@code depth} functions. Proportional expansion gives every one of the width² paths its own copy
 * of the chain, each share above the millionth of the total that stays in its caller. {@link #main}
 * writes it gzipped (900 × 900 and a chain of 16: 16 million nodes from 85 KB).
 */
public final class ExpandingCallGraph {

    private ExpandingCallGraph() {
    }

    /** Every path main → a → b → chain costs 1 in b and {@link #LEAF} in the chain's last function. */
    static final long LEAF = 100;

    public static byte[] text(int width, int depth) {
        long w = width;
        StringBuilder s = new StringBuilder(32 * width * width);
        s.append("# callgrind format\nversion: 1\nevents: Ir\n");
        s.append("fn=(1) main\n1 1\n");
        int a0 = 10;
        int b0 = 10 + width;
        int c0 = 10 + 2 * width;
        for (int a = 0; a < width; a++) {
            s.append("cfn=(").append(a0 + a).append(") a").append(a).append("\ncalls=1 1\n1 ")
                    .append(w * (1 + LEAF)).append('\n');
        }
        for (int a = 0; a < width; a++) {
            s.append("fn=(").append(a0 + a).append(")\n");
            for (int b = 0; b < width; b++) {
                s.append("cfn=(").append(b0 + b).append(a == 0 ? ") b" + b : ")").append("\ncalls=1 1\n1 ")
                        .append(1 + LEAF).append('\n');
            }
        }
        for (int b = 0; b < width; b++) {
            s.append("fn=(").append(b0 + b).append(")\n1 ").append(w).append("\ncfn=(").append(c0)
                    .append(b == 0 ? ") c0" : ")").append("\ncalls=").append(w).append(" 1\n1 ").append(w * LEAF)
                    .append('\n');
        }
        for (int c = 0; c < depth; c++) {
            s.append("fn=(").append(c0 + c).append(")\n");
            if (c + 1 < depth) {
                s.append("cfn=(").append(c0 + c + 1).append(") c").append(c + 1).append("\ncalls=").append(w * w)
                        .append(" 1\n1 ").append(w * w * LEAF).append('\n');
            } else {
                s.append("1 ").append(w * w * LEAF).append('\n');
            }
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    /** Writes {@code callgrind.out.expanding.gz} into the directory given as the first argument. */
    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectories(Path.of(args[0]));
        Files.write(dir.resolve("callgrind.out.expanding.gz"), gzip(text(900, 16)));
    }
}
