package dev.flamediff.suite;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** A suite output that keeps every file in memory, by name. */
final class MemoryOutput implements SuiteOutput {

    final Map<String, byte[]> files = new TreeMap<>();

    @Override
    public void write(String name, Content content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        content.writeTo(bytes);
        files.put(name, bytes.toByteArray());
    }

    String text(String name) {
        return new String(files.get(name), StandardCharsets.UTF_8);
    }
}
