package dev.flamediff.collect.jfr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The types of one chunk's metadata event, read the way async-profiler's parser reads them
 * ({@code JfrReader.readMeta}), with every count checked against the bytes the event has left:
 * the parser allocates its string table and attribute maps from those counts first. Only what the
 * constant pools need is kept: each type's name, whether it is simple, and its fields. Immutable.
 */
final class JfrMetadataTypes {

    /**
     * A field of a type: its name, its type id, whether its value is a constant-pool reference, and
     * whether it is an array of such values.
     */
    record Field(String name, int type, boolean constantPool, boolean array) {
    }

    /** A type: the parser registers pool types only when they have no super type. */
    record Type(int id, String name, boolean simpleType, boolean hasSuperType, List<Field> fields) {
    }

    /** Real metadata nests four levels deep (root, metadata, class, field); the parser recurses. */
    private static final int MAX_NESTING = 32;

    private final Map<Integer, Type> poolTypes;
    private final Map<String, Integer> idsByName;
    private final Map<Integer, Type> types;

    private JfrMetadataTypes(Map<Integer, Type> poolTypes, Map<String, Integer> idsByName, Map<Integer, Type> types) {
        this.poolTypes = poolTypes;
        this.idsByName = idsByName;
        this.types = types;
    }

    /** Returns every type the metadata declares, event types included, by id. */
    Map<Integer, Type> types() {
        return types;
    }

    /** Returns the type a constant pool of this id has, or null when the parser would not know it. */
    Type poolType(int id) {
        return poolTypes.get(id);
    }

    /** Returns the id of the named type, or -1. */
    int idOf(String name) {
        return idsByName.getOrDefault(name, -1);
    }

    /**
     * Reads the metadata event at the cursor's position, bounded by its declared size.
     *
     * @throws JfrBytes.Overrun if a count or length does not fit in the event, or it is malformed
     */
    static JfrMetadataTypes read(JfrBytes in) {
        int start = in.pos();
        int size = in.varint();
        if (size <= 0 || size > in.remaining() + (in.pos() - start)) {
            throw new JfrBytes.Overrun("the metadata event's size " + size + " does not fit in the chunk", start);
        }
        in.at(in.pos(), start + size);
        in.varint(); // type
        in.varlong(); // start time
        in.varlong(); // duration
        in.varlong(); // metadata id
        // Each string takes a byte at least.
        int n = in.count(1, "the metadata's string count");
        String[] strings = new String[n];
        for (int i = 0; i < n; i++) {
            strings[i] = in.string();
        }
        Map<Integer, Type> poolTypes = new HashMap<>();
        Map<String, Integer> idsByName = new HashMap<>();
        Map<Integer, Type> types = new HashMap<>();
        element(in, strings, 0, poolTypes, idsByName, types, null);
        return new JfrMetadataTypes(poolTypes, idsByName, types);
    }

    private static void element(JfrBytes in, String[] strings, int depth, Map<Integer, Type> poolTypes,
                                Map<String, Integer> idsByName, Map<Integer, Type> types, List<Field> parentFields) {
        int at = in.pos();
        if (depth > MAX_NESTING) {
            throw new JfrBytes.Overrun("the metadata nests more than " + MAX_NESTING + " levels deep", at);
        }
        String name = string(in, strings);
        // A key and a value index, a byte each at least.
        int attributeCount = in.count(2, "an element's attribute count");
        Map<String, String> attributes = new HashMap<>();
        for (int i = 0; i < attributeCount; i++) {
            attributes.put(string(in, strings), string(in, strings));
        }
        List<Field> fields = null;
        if ("class".equals(name)) {
            int id = parseInt(attributes.get("id"), at);
            String typeName = attributes.get("name");
            fields = new ArrayList<>();
            Type type = new Type(id, typeName, "true".equals(attributes.get("simpleType")),
                    attributes.containsKey("superType"), fields);
            if (!type.hasSuperType()) {
                poolTypes.put(id, type);
            }
            idsByName.put(typeName, id);
            types.put(id, type);
        } else if ("field".equals(name) && parentFields != null) {
            String dimension = attributes.get("dimension");
            parentFields.add(new Field(attributes.get("name"), parseInt(attributes.get("class"), at),
                    "true".equals(attributes.get("constantPool")), dimension != null && !"0".equals(dimension)));
        }
        int children = in.count(3, "an element's child count");
        for (int i = 0; i < children; i++) {
            element(in, strings, depth + 1, poolTypes, idsByName, types, fields);
        }
    }

    private static String string(JfrBytes in, String[] strings) {
        int at = in.pos();
        int i = in.varint();
        if (i < 0 || i >= strings.length) {
            throw new JfrBytes.Overrun("the metadata names string " + Integer.toUnsignedString(i) + " of "
                    + strings.length, at);
        }
        return strings[i];
    }

    private static int parseInt(String s, int at) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new JfrBytes.Overrun("the metadata gives a type id that is not a number", at);
        }
    }
}
