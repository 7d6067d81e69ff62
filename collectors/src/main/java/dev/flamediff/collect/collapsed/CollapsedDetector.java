package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.Detection;
import java.nio.charset.StandardCharsets;

/**
 * Decides from an input's first bytes whether it is collapsed stacks: the first non-blank line
 * that is not a {@code #} comment must look like {@code stack<space>count} (a count with or without
 * fraction; 3-column lines end in one too) and be text. Inputs that are another line-based
 * profile format whose lines could look like that are turned away: callgrind files start with
 * {@code # callgrind format} or {@code key: value} header lines ({@code version: 1},
 * {@code pid: 1234}) and have an {@code events:} line. Stateless.
 */
final class CollapsedDetector {

    private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    private static final String[] CALLGRIND_KEYS = {
        "# callgrind format", "version:", "creator:", "pid:", "cmd:", "part:", "thread:", "desc:",
        "positions:", "events:", "event:", "summary:", "totals:", "ob=", "fl=", "fn=",
    };

    private CollapsedDetector() {
    }

    /**
     * The detection window the registry reads at most; a first line that fills it without ending
     * is taken for a long stack line (the reader then reads it or names the line-length limit).
     */
    static final int WINDOW = 1 << 20;

    /** Returns YES, NO or (only when {@code complete} is false) NEED_MORE. */
    static Detection detect(byte[] prefix, int length, boolean complete) {
        int i = skipBom(prefix, length);
        boolean firstLine = true;
        while (true) {
            while (i < length && isBlankByte(prefix[i])) {
                i++;
            }
            if (i == length) {
                return complete ? Detection.NO : Detection.NEED_MORE;
            }
            int nl = indexOfLineEnd(prefix, i, length);
            int end = nl < 0 ? length : nl;
            for (int j = i; j < end; j++) {
                int b = prefix[j] & 0xFF;
                if ((b < 0x20 && b != '\t') || b == 0x7F) {
                    return Detection.NO;
                }
            }
            if (nl < 0 && !complete) {
                return Detection.NEED_MORE;
            }
            String line = new String(prefix, i, end - i, StandardCharsets.UTF_8).strip();
            if (firstLine) {
                for (String key : CALLGRIND_KEYS) {
                    if (line.startsWith(key)) {
                        return Detection.NO;
                    }
                }
                if (hasLineStarting(prefix, length, "events:")) {
                    return Detection.NO;
                }
                firstLine = false;
            }
            if (line.startsWith("#")) {
                // Comment and header lines (austin's "# mode: wall") before the first stack.
                if (nl < 0) {
                    return Detection.NO;
                }
                i = nl + 1;
                continue;
            }
            if (nl < 0 && length >= WINDOW && line.indexOf(';') > 0) {
                // A stack line longer than the window: its count is out of sight.
                return Detection.YES;
            }
            return looksLikeStackLine(line) ? Detection.YES : Detection.NO;
        }
    }

    /** Returns where the text starts after a UTF-8 byte-order mark, if there is one. */
    static int skipBom(byte[] buf, int length) {
        if (length >= 3 && buf[0] == UTF8_BOM[0] && buf[1] == UTF8_BOM[1] && buf[2] == UTF8_BOM[2]) {
            return 3;
        }
        return 0;
    }

    private static boolean looksLikeStackLine(String line) {
        int sep = Math.max(line.lastIndexOf(' '), line.lastIndexOf('\t'));
        if (sep <= 0 || sep == line.length() - 1 || line.substring(0, sep).isBlank()) {
            return false;
        }
        return CountParser.isCount(line.substring(sep + 1));
    }

    private static boolean hasLineStarting(byte[] buf, int length, String key) {
        byte[] k = key.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + k.length <= length; i++) {
            if ((i == 0 || buf[i - 1] == '\n') && startsWith(buf, i, k)) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWith(byte[] buf, int at, byte[] k) {
        for (int j = 0; j < k.length; j++) {
            if (buf[at + j] != k[j]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isBlankByte(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    private static int indexOfLineEnd(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n' || buf[i] == '\r') {
                return i;
            }
        }
        return -1;
    }
}
