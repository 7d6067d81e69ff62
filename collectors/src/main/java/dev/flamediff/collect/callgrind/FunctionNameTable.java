package dev.flamediff.collect.callgrind;

import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import java.util.List;

/**
 * The function-name table, which also decodes {@code --compress-mangled=yes} names: there a
 * context name such as {@code (1714)'(1696)'2'(1652)} is written as references to function ids
 * defined earlier, and is stored decoded ({@code f'g'2'h}).
 */
final class FunctionNameTable extends NameTable {

    private final int maxNameLength;

    FunctionNameTable(int maxNameLength) {
        super("function", maxNameLength);
        this.maxNameLength = maxNameLength;
    }

    @Override
    String define(String name) throws MalformedProfileException, LimitExceededException {
        if (!isCompressed(name)) {
            return super.define(name);
        }
        StringBuilder decoded = new StringBuilder();
        for (String piece : ContextName.split(name)) {
            if (decoded.length() > 0) {
                decoded.append('\'');
            }
            long id = idOf(piece);
            if (id < 0) {
                decoded.append(piece);
                continue;
            }
            String known = get(id);
            if (known == null) {
                throw new MalformedProfileException("compressed function name " + name + " refers to id ("
                        + id + "), which is not defined before it");
            }
            decoded.append(known);
            if (decoded.length() > maxNameLength) {
                throw new LimitExceededException("function name longer than the limit of " + maxNameLength + " chars");
            }
        }
        return decoded.toString();
    }

    /** Returns whether every piece is an id reference or a recursion level, the first an id. */
    static boolean isCompressed(String name) {
        List<String> pieces = ContextName.split(name);
        if (pieces.size() < 2 || idOf(pieces.get(0)) < 0) {
            return false;
        }
        for (String piece : pieces) {
            boolean reference = idOf(piece) >= 0 && piece.indexOf(')') == piece.length() - 1;
            if (!reference && !ContextName.isLevel(piece)) {
                return false;
            }
        }
        return true;
    }
}
