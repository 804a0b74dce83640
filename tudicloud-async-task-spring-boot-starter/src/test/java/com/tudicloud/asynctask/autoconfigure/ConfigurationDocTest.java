package com.tudicloud.asynctask.autoconfigure;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/configuration.md lists exactly the properties of the generated metadata, with their defaults, and
 * says what each does briefly: mechanism belongs in architecture.md, not in a table cell.
 */
class ConfigurationDocTest {

    private static final Path DOC = Path.of("..", "docs", "configuration.md");
    private static final Pattern ROW = Pattern.compile("^\\| `(async-task\\.[a-z.-]+)` \\| ([^|]+) \\|", Pattern.MULTILINE);
    private static final Pattern SENTENCE_END = Pattern.compile("(?<!\\be\\.g|\\bi\\.e)[.!?](\\s|$)");
    private static final int MAX_SENTENCES_PER_CELL = 2;

    @Test
    void everyPropertyIsDocumentedWithItsDefault() throws Exception {
        JsonNode metadata;
        try (InputStream json = getClass().getClassLoader().getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
            metadata = JsonMapper.builder().build().readTree(json);
        }
        String doc = Files.readString(DOC);
        List<String> documented = new ArrayList<>();
        Matcher row = ROW.matcher(doc);
        while (row.find()) {
            documented.add(row.group(1));
        }

        List<String> properties = new ArrayList<>();
        for (JsonNode property : metadata.get("properties")) {
            String name = property.get("name").asString();
            properties.add(name);
            JsonNode defaultValue = property.get("defaultValue");
            if (defaultValue != null) {
                String expected = "| `" + name + "` | `" + defaultValue.asString().toLowerCase() + "` |";
                assertThat(doc).as("row of " + name + " with its default").contains(expected);
            }
        }
        assertThat(documented).containsExactlyInAnyOrderElementsOf(properties);
    }

    @Test
    void everyTableCellIsAtMostTwoSentences() throws Exception {
        List<String> wordy = new ArrayList<>();
        for (String line : Files.readAllLines(DOC)) {
            if (!line.startsWith("|")) {
                continue;
            }
            for (String cell : line.split("\\|")) {
                if (SENTENCE_END.matcher(cell.strip()).results().count() > MAX_SENTENCES_PER_CELL) {
                    wordy.add(cell.strip());
                }
            }
        }
        assertThat(wordy).as("table cells of more than two sentences").isEmpty();
    }
}
