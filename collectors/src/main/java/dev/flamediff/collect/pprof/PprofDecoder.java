package dev.flamediff.collect.pprof;

import com.google.perftools.profiles.ProfileProto;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.flamediff.collect.FrameNameNormalizer;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.JavaNames;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One read of a pprof message: decodes it with the generated {@code ProfileProto} classes and
 * adds every sample's stack, root first, to a {@link CallTreeBuilder}. Each location's frames are
 * resolved once. Single use, single-threaded; kept apart from {@link PprofReader} so that the
 * protobuf classes are loaded only when a pprof input is read.
 */
final class PprofDecoder {

    /** Messages nest three deep in profile.proto; anything deeper is not a profile. */
    private static final int RECURSION_LIMIT = 16;

    private final String source;
    private final ReadOptions options;
    private final FrameNameNormalizer normalizer = FrameNameNormalizer.INSTANCE;
    private ProfileProto.Profile proto;
    private final Map<Long, ProfileProto.Function> functions = new HashMap<>();
    private final Map<Long, int[]> locationFrames = new HashMap<>();
    private final Map<Long, ProfileProto.Location> locations = new HashMap<>();

    PprofDecoder(String source, ReadOptions options) {
        this.source = source;
        this.options = options;
    }

    Profile read(ProfileInput input) throws IOException, ProfileException {
        try (InputStream in = input.open()) {
            CodedInputStream coded = CodedInputStream.newInstance(in);
            coded.setRecursionLimit(RECURSION_LIMIT);
            proto = ProfileProto.Profile.parseFrom(coded);
        } catch (InvalidProtocolBufferException e) {
            IOException cause = e.unwrapIOException();
            if (cause != e) {
                // The stream failed (a byte or gzip limit, an interrupt, damaged gzip), not the message.
                throw cause;
            }
            throw malformed("not a valid pprof message (" + e.getMessage() + ")");
        }
        ReadInterrupts.check(source);
        List<ValueType> types = new ArrayList<>();
        for (ProfileProto.ValueType t : proto.getSampleTypeList()) {
            types.add(unique(types, new ValueType(string(t.getType()), string(t.getUnit()))));
        }
        if (types.isEmpty()) {
            throw malformed("no sample types");
        }
        int[] order = order(types);
        List<ValueType> ordered = new ArrayList<>();
        for (int i : order) {
            ordered.add(types.get(i));
        }
        for (ProfileProto.Function f : proto.getFunctionList()) {
            functions.put(f.getId(), f);
        }
        for (ProfileProto.Location l : proto.getLocationList()) {
            locations.put(l.getId(), l);
        }
        CallTreeBuilder builder = new CallTreeBuilder(ordered, options.limits().tree());
        int[] stack = new int[64];
        long[] values = new long[order.length];
        long[] totals = new long[order.length];
        long labelled = 0;
        int index = 0;
        for (ProfileProto.Sample sample : proto.getSampleList()) {
            if ((++index & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            if (sample.getValueCount() != types.size()) {
                throw malformed("sample " + index + " has " + sample.getValueCount() + " values for "
                        + types.size() + " sample types");
            }
            for (int v = 0; v < order.length; v++) {
                long value = sample.getValue(order[v]);
                if (value < 0) {
                    throw malformed("sample " + index + " has a negative value " + value);
                }
                values[v] = value;
                try {
                    totals[v] = Math.addExact(totals[v], value);
                } catch (ArithmeticException e) {
                    throw malformed("the values of " + ordered.get(v) + " add up to more than " + Long.MAX_VALUE);
                }
            }
            labelled += sample.getLabelCount() > 0 ? 1 : 0;
            int depth = 0;
            // location_id[0] is the leaf; the tree wants the root first.
            for (int i = sample.getLocationIdCount() - 1; i >= 0; i--) {
                int[] frames = frames(builder, sample.getLocationId(i));
                if (depth + frames.length > stack.length) {
                    stack = Arrays.copyOf(stack, Math.max(depth + frames.length, stack.length * 2));
                }
                System.arraycopy(frames, 0, stack, depth, frames.length);
                depth += frames.length;
            }
            try {
                builder.addStack(stack, depth, values);
            } catch (LimitExceededException e) {
                throw e.withContext(source, PprofReader.FORMAT, Position.NONE);
            }
        }
        return new Profile(builder.build(), metadata(ordered, labelled));
    }

    /**
     * Returns the sample types' order in the tree: the one {@code --event} names, else the
     * profile's default sample type, first; the rest as written.
     */
    private int[] order(List<ValueType> types) throws ProfileException {
        int first = 0;
        if (options.event().isPresent()) {
            first = -1;
            for (int i = 0; i < types.size(); i++) {
                if (types.get(i).kind().equals(options.event().get())) {
                    first = i;
                    break;
                }
            }
            if (first < 0) {
                throw new IncompatibleProfilesException("has no " + options.event().get() + " sample type (it has "
                        + types + ")", source, PprofReader.FORMAT, null, null);
            }
        } else if (proto.getDefaultSampleType() != 0) {
            String wanted = string(proto.getDefaultSampleType());
            for (int i = 0; i < types.size(); i++) {
                if (types.get(i).kind().equals(wanted)) {
                    first = i;
                    break;
                }
            }
        }
        int[] order = new int[types.size()];
        order[0] = first;
        for (int i = 0, k = 1; i < types.size(); i++) {
            if (i != first) {
                order[k++] = i;
            }
        }
        return order;
    }

    /** The frames of one location, outermost (the caller the others were inlined into) first. */
    private int[] frames(CallTreeBuilder builder, long locationId) throws ProfileException {
        int[] cached = locationFrames.get(locationId);
        if (cached != null) {
            return cached;
        }
        ProfileProto.Location location = locations.get(locationId);
        if (location == null) {
            throw malformed("a sample refers to location " + locationId + ", which the profile does not have");
        }
        int lines = location.getLineCount();
        int[] ids;
        if (lines == 0) {
            // No symbol: pprof shows the address.
            ids = new int[] {builder.frameId(frame("0x" + Long.toHexString(location.getAddress()), FrameKind.UNKNOWN))};
        } else {
            ids = new int[lines];
            // line[last] is the caller into which the ones before it were inlined.
            for (int j = 0; j < lines; j++) {
                ProfileProto.Line line = location.getLine(lines - 1 - j);
                ids[j] = builder.frameId(frame(name(line), j == 0 ? FrameKind.UNKNOWN : FrameKind.INLINED));
            }
        }
        locationFrames.put(locationId, ids);
        return ids;
    }

    private String name(ProfileProto.Line line) throws ProfileException {
        ProfileProto.Function f = functions.get(line.getFunctionId());
        if (f == null) {
            throw malformed("a location refers to function " + line.getFunctionId() + ", which the profile does not have");
        }
        String name = string(f.getName());
        if (name.isEmpty()) {
            name = string(f.getSystemName());
        }
        if (name.isEmpty()) {
            name = "??";
        }
        if (options.lineNumbers() && line.getLine() > 0) {
            name = name + ":" + line.getLine();
        }
        return name;
    }

    private Frame frame(String raw, FrameKind kind) throws LimitExceededException {
        if (raw.length() > options.limits().maxNameLength()) {
            throw new LimitExceededException("frame name of " + raw.length() + " chars is longer than the limit of "
                    + options.limits().maxNameLength(), source, PprofReader.FORMAT, Position.NONE, null);
        }
        String name = raw;
        if (options.normalizeNames()) {
            name = normalizer.bracketPseudoFrame(normalizer.normalize(name));
            if (looksLikeJvmName(name)) {
                name = normalizer.dottedJavaName(name);
            }
        }
        return new Frame(name, kind);
    }

    /** A JVM internal method name ({@code java/lang/Thread.run}), not another runtime's name with slashes. */
    private static boolean looksLikeJvmName(String name) {
        return name.indexOf('/') > 0 && name.indexOf('.') > 0 && JavaNames.isInternalName(name);
    }

    private ProfileMetadata metadata(List<ValueType> types, long labelled) throws ProfileException {
        ProfileMetadata m = ProfileMetadata.of(source, PprofReader.FORMAT, types.get(0).kind());
        if (proto.getDurationNanos() > 0) {
            m = m.withDurationNanos(proto.getDurationNanos());
        }
        StringBuilder note = new StringBuilder("pprof sample types ");
        for (int i = 0; i < types.size(); i++) {
            note.append(i == 0 ? "" : ", ").append(types.get(i));
        }
        if (proto.hasPeriodType() && proto.getPeriod() > 0) {
            note.append("; sampling period ").append(proto.getPeriod()).append(' ')
                    .append(string(proto.getPeriodType().getUnit()));
        }
        m = m.withNote(note.toString());
        if (labelled > 0) {
            m = m.withNote("sample labels ignored (" + labelled + " of " + proto.getSampleCount() + " samples had labels)");
        }
        if (proto.getDropFrames() != 0 || proto.getKeepFrames() != 0) {
            m = m.withNote("the profile's drop_frames/keep_frames patterns are not applied");
        }
        return m;
    }

    private static ValueType unique(List<ValueType> seen, ValueType t) {
        ValueType out = t;
        for (int k = 2; seen.contains(out); k++) {
            out = new ValueType(t.kind() + " (" + k + ")", t.unit());
        }
        return out;
    }

    private String string(long index) throws MalformedProfileException {
        if (index < 0 || index >= proto.getStringTableCount()) {
            throw malformed("string index " + index + " is outside the string table (" + proto.getStringTableCount()
                    + " strings)");
        }
        return proto.getStringTable((int) index);
    }

    private MalformedProfileException malformed(String problem) {
        return new MalformedProfileException(problem, source, PprofReader.FORMAT, Position.NONE, null);
    }
}
