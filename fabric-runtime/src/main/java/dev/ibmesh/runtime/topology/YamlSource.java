package dev.ibmesh.runtime.topology;

import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads values out of composed YAML nodes, reporting each wrong one at its line and column. Public for the other YAML
 * files ibmesh reads (the packet generator's scenarios), which report their problems the same way.
 */
public final class YamlSource {
    private final Problems problems;

    public YamlSource(Problems problems) {
        this.problems = problems;
    }

    public Problems problems() {
        return problems;
    }

    /** The document's root node, null when there is none or its YAML syntax is wrong (then a problem says where). */
    public static Node compose(String text, Problems problems) {
        try {
            return new Yaml(new LoaderOptions()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String context = e.getContext() != null ? e.getContext() + ": " : "";
            problems.add(
                    mark != null ? position(mark) : new SourcePosition(1, 1),
                    "YAML syntax: " + context + e.getProblem());
        } catch (YAMLException e) {
            problems.add(new SourcePosition(1, 1), "YAML syntax: " + e.getMessage());
        }
        return null;
    }

    public static SourcePosition position(Mark mark) {
        return new SourcePosition(mark.getLine() + 1, mark.getColumn() + 1);
    }

    public static SourcePosition position(Node node) {
        return position(node.getStartMark());
    }

    public void problem(Node node, String message) {
        problems.add(position(node), message);
    }

    /** How a node looks, for "found ..." in messages. */
    public static String describe(Node node) {
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
    public Optional<String> text(Node node, String what) {
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
    public OptionalLong integer(Node node, String what, long min, long max) {
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

    public Optional<Boolean> bool(Node node, String what) {
        Optional<String> text = scalar(node, what, "true or false");
        if (text.isPresent() && (text.get().equals("true") || text.get().equals("false"))) {
            return Optional.of(Boolean.parseBoolean(text.get()));
        }
        text.ifPresent(t -> problem(node, what + " must be true or false, found '" + t + "'"));
        return Optional.empty();
    }

    /** A list of scalars; a single scalar counts as a list of one. */
    public Optional<List<ScalarNode>> scalars(Node node, String what) {
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
    public Optional<List<Node>> sequence(Node node, String what) {
        if (node instanceof SequenceNode seq) {
            return Optional.of(seq.getValue());
        }
        problem(node, what + " must be a list, found " + describe(node));
        return Optional.empty();
    }
}
