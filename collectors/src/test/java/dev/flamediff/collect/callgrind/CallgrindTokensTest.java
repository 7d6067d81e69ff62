package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The parser's hand-made word split equals the regular expression it replaced, on seeded lines. */
class CallgrindTokensTest {

    @Test
    void tokensEqualTheRegexSplit() {
        Random random = new Random(19);
        char[] alphabet = {' ', '\t', 'a', '1', '(', ')', '/', '\u00a0', '\r', '\u2003', 'x'};
        for (int i = 0; i < 20_000; i++) {
            StringBuilder line = new StringBuilder();
            int length = random.nextInt(14);
            for (int c = 0; c < length; c++) {
                line.append(alphabet[random.nextInt(alphabet.length)]);
            }
            String t = line.toString().strip();
            String[] expected = t.isEmpty() ? new String[0] : t.split("[ \\t]+");
            assertThat(CallgrindWords.tokens(line.toString())).as("'%s'", line).containsExactly(expected);
        }
    }
}
