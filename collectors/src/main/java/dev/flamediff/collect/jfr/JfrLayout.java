package dev.flamediff.collect.jfr;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A chunk's metadata as {@link FlamediffJfrParser} walks values with it: every type at a dense
 * index, and each field as one int code (how its value is encoded, whether it is an array, and
 * for a nested struct the struct's index), so skipping a value is a loop over ints instead of a
 * walk over records and maps. Built once per distinct metadata event. Immutable.
 */
final class JfrLayout {

    /** A varint or varlong: constant-pool references, char, short, int, long. */
    static final int LONG = 0;
    /** One byte: boolean, byte. */
    static final int BYTE = 1;
    static final int FLOAT = 2;
    static final int DOUBLE = 3;
    static final int STRING = 4;
    static final int STRUCT = 5;

    private static final int KIND_MASK = 7;
    private static final int ARRAY = 8;
    private static final int STRUCT_SHIFT = 4;

    /** Real metadata nests structs three levels deep (stack trace, frame, method reference). */
    private static final int MAX_NESTING = 32;

    private final String[] names;
    private final String[][] fieldNames;
    private final int[][] fieldCodes;
    private final Map<Integer, Integer> indexById;
    private final Map<String, Integer> indexByName;
    private final int[] ids;

    private JfrLayout(String[] names, String[][] fieldNames, int[][] fieldCodes, Map<Integer, Integer> indexById,
                      Map<String, Integer> indexByName, int[] ids) {
        this.names = names;
        this.fieldNames = fieldNames;
        this.fieldCodes = fieldCodes;
        this.indexById = indexById;
        this.indexByName = indexByName;
        this.ids = ids;
    }

    /** Builds the layout of the metadata's types. */
    static JfrLayout of(JfrMetadataTypes metadata) {
        Map<Integer, JfrMetadataTypes.Type> types = metadata.types();
        int n = types.size();
        String[] names = new String[n];
        String[][] fieldNames = new String[n][];
        int[][] fieldCodes = new int[n][];
        int[] ids = new int[n];
        Map<Integer, Integer> indexById = new HashMap<>();
        Map<String, Integer> indexByName = new HashMap<>();
        int i = 0;
        for (JfrMetadataTypes.Type t : types.values()) {
            indexById.put(t.id(), i);
            if (t.name() != null) {
                indexByName.put(t.name(), i);
            }
            names[i] = t.name();
            ids[i] = t.id();
            i++;
        }
        for (JfrMetadataTypes.Type t : types.values()) {
            int index = indexById.get(t.id());
            List<JfrMetadataTypes.Field> fields = t.fields();
            fieldNames[index] = new String[fields.size()];
            fieldCodes[index] = new int[fields.size()];
            for (int f = 0; f < fields.size(); f++) {
                JfrMetadataTypes.Field field = fields.get(f);
                fieldNames[index][f] = field.name();
                int code;
                Integer target = indexById.get(field.type());
                if (field.constantPool()) {
                    code = LONG;
                } else if (target == null) {
                    // A field of an undeclared type cannot be walked; no writer produces one.
                    code = -1;
                } else {
                    code = switch (names[target] == null ? "" : names[target]) {
                        case "boolean", "byte" -> BYTE;
                        case "char", "short", "int", "long" -> LONG;
                        case "float" -> FLOAT;
                        case "double" -> DOUBLE;
                        case "java.lang.String" -> STRING;
                        default -> STRUCT | target << STRUCT_SHIFT;
                    };
                }
                if (code >= 0 && field.array()) {
                    code |= ARRAY;
                }
                fieldCodes[index][f] = code;
            }
        }
        int[] minBytes = new int[n];
        java.util.Arrays.fill(minBytes, UNKNOWN);
        for (int t = 0; t < n; t++) {
            minBytes(t, fieldCodes, minBytes, 0);
        }
        for (int[] codes : fieldCodes) {
            for (int f = 0; f < codes.length; f++) {
                int struct = structOf(codes[f]);
                if (struct >= 0 && minBytes[struct] < 0) {
                    // A struct that contains itself (or nests past the limit) has no finite value.
                    codes[f] = -1;
                } else if (struct >= 0 && minBytes[struct] == 0 && !isArray(codes[f])) {
                    // Nothing but empty structs: its value takes no bytes, so there is nothing to walk.
                    codes[f] = EMPTY;
                } else if (struct >= 0 && minBytes[struct] == 0) {
                    codes[f] = EMPTY | ARRAY;
                }
            }
        }
        return new JfrLayout(names, fieldNames, fieldCodes, indexById, indexByName, ids);
    }

    private static final int UNKNOWN = -2;
    private static final int VISITING = -3;
    private static final int INVALID = -1;
    /** A struct whose values take no bytes. */
    private static final int EMPTY = 6;

    /** The fewest bytes a value of the type takes; {@link #INVALID} for types that contain themselves. */
    private static int minBytes(int type, int[][] codes, int[] memo, int depth) {
        if (memo[type] >= INVALID) {
            return memo[type];
        }
        if (memo[type] == VISITING || depth > MAX_NESTING) {
            return INVALID;
        }
        memo[type] = VISITING;
        long sum = 0;
        for (int code : codes[type]) {
            int struct = structOf(code);
            if (code < 0) {
                sum += 1;
            } else if (isArray(code)) {
                sum += 1;
            } else if (struct >= 0) {
                int m = minBytes(struct, codes, memo, depth + 1);
                if (m < 0) {
                    memo[type] = INVALID;
                    return INVALID;
                }
                sum += m;
            } else {
                sum += switch (code & KIND_MASK) {
                    case FLOAT -> 4;
                    case DOUBLE -> 8;
                    default -> 1;
                };
            }
        }
        memo[type] = (int) Math.min(sum, 1 << 20);
        return memo[type];
    }

    /** Returns the dense index of the type with this metadata id, or -1. */
    int indexOfId(long id) {
        if (id < Integer.MIN_VALUE || id > Integer.MAX_VALUE) {
            return -1;
        }
        Integer i = indexById.get((int) id);
        return i == null ? -1 : i;
    }

    /** Returns the dense index of the named type, or -1. */
    int indexOf(String name) {
        Integer i = indexByName.get(name);
        return i == null ? -1 : i;
    }

    /** Returns the type's metadata id. */
    int id(int type) {
        return ids[type];
    }

    /** Returns the type's name, or null. */
    String name(int type) {
        return names[type];
    }

    /** Returns how many types there are; dense indexes run from 0 to this. */
    int typeCount() {
        return names.length;
    }

    /** Returns the codes of the type's fields, in the order their values are written. */
    int[] fields(int type) {
        return fieldCodes[type];
    }

    /** Returns the position of the named field among the type's fields, or -1. */
    int field(int type, String name) {
        if (type < 0) {
            return -1;
        }
        String[] fields = fieldNames[type];
        for (int i = 0; i < fields.length; i++) {
            if (name.equals(fields[i])) {
                return i;
            }
        }
        return -1;
    }

    /** Returns whether a field's value is a single integer (or boolean/byte), which {@link #scalar} reads. */
    static boolean isScalar(int code) {
        return code == LONG || code == BYTE;
    }

    /** Returns whether every one of the codes is a scalar ({@link #isScalar}), as {@link JfrBytes#skipScalars} needs. */
    static boolean scalarsOnly(int[] codes) {
        for (int code : codes) {
            if (!isScalar(code)) {
                return false;
            }
        }
        return true;
    }

    /** Returns the struct type of a field code, or -1 when the field is not a struct. */
    static int structOf(int code) {
        return code >= 0 && (code & KIND_MASK) == STRUCT ? code >>> STRUCT_SHIFT : -1;
    }

    /** Returns whether the field is an array. */
    static boolean isArray(int code) {
        return code >= 0 && (code & ARRAY) != 0;
    }

    /** Reads a scalar field's value. */
    static long scalar(JfrBytes in, int code) {
        return code == BYTE ? in.u1() & 0xFF : in.varlong();
    }

    /** Skips one value of the field, arrays and nested structs included. */
    void skip(JfrBytes in, int code) {
        skip(in, code, 0);
    }

    /** Skips a value of every field of the type: a constant-pool entry's value, or a nested struct. */
    void skipStruct(JfrBytes in, int type) {
        skipFields(in, type, 0);
    }

    private void skip(JfrBytes in, int code, int depth) {
        if (code < 0) {
            throw new JfrBytes.Overrun("a field has a type the metadata does not declare", in.pos());
        }
        if ((code & ARRAY) != 0) {
            int n = in.count(1, "an array's length");
            int element = code & ~ARRAY;
            if (element == BYTE) {
                in.skip(n, "a byte array");
                return;
            }
            for (int i = 0; i < n; i++) {
                skip(in, element, depth);
            }
            return;
        }
        switch (code & KIND_MASK) {
            case LONG -> in.varlong();
            case BYTE -> in.u1();
            case FLOAT -> in.skip(4, "a float");
            case DOUBLE -> in.skip(8, "a double");
            case STRING -> in.skipString();
            case EMPTY -> {
            }
            default -> skipFields(in, code >>> STRUCT_SHIFT, depth + 1);
        }
    }

    private void skipFields(JfrBytes in, int type, int depth) {
        if (depth > MAX_NESTING) {
            throw new JfrBytes.Overrun("values nest more than " + MAX_NESTING + " levels deep", in.pos());
        }
        for (int code : fieldCodes[type]) {
            skip(in, code, depth);
        }
    }
}
