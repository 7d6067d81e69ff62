package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The frame cache against a plain map of (bytes, leaf) to id: seeded random frame texts read at
 * random offsets of other buffers, short and long, with and without the leaf flag, over enough
 * distinct texts that the table, the entries and the byte pool all grow.
 */
class FrameCacheTest {

    @Test
    void lookupsAgreeWithAPlainMapOfTheBytes() {
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            FrameCache cache = new FrameCache();
            Map<List<Object>, Integer> reference = new HashMap<>();
            // A small alphabet makes texts that share prefixes, lengths and often hashes' inputs.
            int alphabet = 2 + random.nextInt(30);
            int distinct = 1 + random.nextInt(6000);
            byte[][] texts = new byte[distinct][];
            for (int t = 0; t < distinct; t++) {
                texts[t] = new byte[random.nextInt(random.nextInt(10) == 0 ? 3000 : 40)];
                for (int i = 0; i < texts[t].length; i++) {
                    texts[t][i] = (byte) ('a' + random.nextInt(alphabet));
                }
            }
            for (int op = 0; op < 20_000; op++) {
                byte[] text = texts[random.nextInt(distinct)];
                boolean leaf = random.nextBoolean();
                int off = random.nextInt(8);
                byte[] buf = new byte[off + text.length + random.nextInt(8)];
                Arrays.fill(buf, (byte) ';');
                System.arraycopy(text, 0, buf, off, text.length);
                List<Object> key = List.of(new String(text, java.nio.charset.StandardCharsets.ISO_8859_1), leaf);
                int got = cache.get(buf, off, text.length, leaf);
                assertThat(got).as("seed %d op %d", seed, op).isEqualTo(reference.getOrDefault(key, -1));
                if (got < 0) {
                    int id = reference.size();
                    cache.put(buf, off, text.length, leaf, id);
                    reference.put(key, id);
                }
            }
        }
    }
}
