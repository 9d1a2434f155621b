package io.upgradelab.kinds.yaml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Map;

/**
 * A YAML document read into a JSON tree token by token, recording where each field starts
 * ({@link SourceLines}): a data binder forgets where things were, and every later check (schema,
 * binding, plan) must name the line to edit. Experiment files and gate policies are read this way.
 */
public final class LocatedTree {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private LocatedTree() {
    }

    /**
     * Reads the value at the parser's current token (and all it holds) as the node at
     * {@code pointer}, recording in {@code positions} where each field and item starts.
     */
    public static JsonNode read(JsonParser parser, String pointer, Map<String, SourceLines.Position> positions)
            throws IOException {
        positions.putIfAbsent(pointer, position(parser.currentTokenLocation()));
        return switch (parser.currentToken()) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String field = parser.currentName();
                    String child = pointer + "/" + SourceLines.escaped(field);
                    positions.put(child, position(parser.currentTokenLocation()));
                    parser.nextToken();
                    object.set(field, read(parser, child, positions));
                }
                yield object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = 0; parser.nextToken() != JsonToken.END_ARRAY; i++) {
                    array.add(read(parser, pointer + "/" + i, positions));
                }
                yield array;
            }
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> NODES.textNode(parser.getText());
        };
    }

    private static SourceLines.Position position(JsonLocation location) {
        return new SourceLines.Position(Math.max(1, location.getLineNr()), Math.max(1, location.getColumnNr()));
    }
}
