package dev.ibmesh.runtime.topology;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/** Reads values out of composed YAML nodes, reporting each wrong one at its line and column. */
final class YamlSource {
    private final Problems problems;

    YamlSource(Problems problems) {
        this.problems = problems;
    }

    Problems problems() {
        return problems;
    }

    static SourcePosition position(Mark mark) {
        return new SourcePosition(mark.getLine() + 1, mark.getColumn() + 1);
    }

    static SourcePosition position(Node node) {
        return position(node.getStartMark());
    }

    void problem(Node node, String message) {
        problems.add(position(node), message);
    }

    /** How a node looks, for "found ..." in messages. */
    static String describe(Node node) {
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        ScalarNode s = (ScalarNode) node;
        return s.getTag().equals(Tag.NULL) ? "nothing" : "'" + s.getValue() + "'";
    }

    /** The text of a scalar; reports lists, mappings and empty values. */
    Optional<String> text(Node node, String what) {
        return scalar(node, what, "text");
    }

    private Optional<String> scalar(Node node, String what, String expected) {
        if (!(node instanceof ScalarNode s)
                || s.getTag().equals(Tag.NULL)
                || s.getValue().isBlank()) {
            problem(node, what + " must be " + expected + ", found " + describe(node));
            return Optional.empty();
        }
        return Optional.of(s.getValue());
    }

    /** A decimal or 0x-hex integer in [min, max]. */
    OptionalLong integer(Node node, String what, long min, long max) {
        Optional<String> text = scalar(node, what, "an integer");
        if (text.isEmpty()) {
            return OptionalLong.empty();
        }
        String t = text.get().strip();
        boolean hex = t.startsWith("0x") || t.startsWith("0X");
        String digits = hex ? t.substring(2) : t;
        if (digits.isEmpty()
                || digits.length() > 9
                || !digits.chars().allMatch(c -> Character.digit(c, hex ? 16 : 10) >= 0)) {
            problem(node, what + " must be an integer, found '" + t + "'");
            return OptionalLong.empty();
        }
        long value = Long.parseLong(digits, hex ? 16 : 10);
        if (value < min || value > max) {
            problem(node, what + " must be " + min + ".." + max + ", not " + t);
            return OptionalLong.empty();
        }
        return OptionalLong.of(value);
    }

    Optional<Boolean> bool(Node node, String what) {
        Optional<String> text = scalar(node, what, "true or false");
        if (text.isPresent() && (text.get().equals("true") || text.get().equals("false"))) {
            return Optional.of(Boolean.parseBoolean(text.get()));
        }
        text.ifPresent(t -> problem(node, what + " must be true or false, found '" + t + "'"));
        return Optional.empty();
    }

    /** A list of scalars; a single scalar counts as a list of one. */
    Optional<List<ScalarNode>> scalars(Node node, String what) {
        if (node instanceof ScalarNode s && !s.getTag().equals(Tag.NULL)) {
            return Optional.of(List.of(s));
        }
        if (node instanceof SequenceNode seq) {
            boolean allScalars = true;
            for (Node item : seq.getValue()) {
                if (!(item instanceof ScalarNode)) {
                    problem(item, "each entry of " + what + " must be text, found " + describe(item));
                    allScalars = false;
                }
            }
            return allScalars
                    ? Optional.of(
                            seq.getValue().stream().map(ScalarNode.class::cast).toList())
                    : Optional.empty();
        }
        problem(node, what + " must be a list, found " + describe(node));
        return Optional.empty();
    }

    /** The items of a list. */
    Optional<List<Node>> sequence(Node node, String what) {
        if (node instanceof SequenceNode seq) {
            return Optional.of(seq.getValue());
        }
        problem(node, what + " must be a list, found " + describe(node));
        return Optional.empty();
    }
}
