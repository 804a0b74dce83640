package com.example.orders;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The READMEs show this module's code, not a copy that drifts: a fenced block after
 * {@code <!-- example file: PATH -->} is the whole file at PATH, one after {@code <!-- example excerpt: PATH -->}
 * a run of its lines. Lines compare with their trailing white space and the block's own indentation
 * removed (an excerpt's lines also with their leading white space). Every Java block must be marked, and the
 * Chinese README runs the same shell commands as the English one.
 */
class ReadmeSnippetsTest {

    private static final Path ROOT = Path.of("..");
    private static final Path README = ROOT.resolve("README.md");
    private static final Path README_ZH = ROOT.resolve("README.zh-CN.md");
    private static final Pattern FENCED = Pattern.compile(
            "(?:<!-- example (file|excerpt): (\\S+) -->\\n(?:[ \\t]*\\n)*)?([ \\t]*)```(\\w*)\\n(.*?)\\n[ \\t]*```",
            Pattern.DOTALL);

    record Block(String kind, String path, String language, List<String> lines) {
    }

    @Test
    void theEnglishReadmeShowsTheExamplesCode() throws IOException {
        List<Block> marked = blocks(README).stream().filter(b -> b.path() != null).toList();

        assertThat(marked).extracting(Block::path).contains(
                "tudicloud-async-task-example/pom.xml",
                "tudicloud-async-task-example/src/main/resources/db/changelog/db.changelog-master.xml",
                "tudicloud-async-task-example/src/main/resources/application.yml",
                "tudicloud-async-task-example/src/main/java/com/example/orders/ExportRequest.java",
                "tudicloud-async-task-example/src/main/java/com/example/orders/ExportHandler.java",
                "tudicloud-async-task-example/src/main/java/com/example/orders/OrderService.java",
                "tudicloud-async-task-example/src/test/java/com/example/orders/ExportHandlerTest.java");
        marked.forEach(ReadmeSnippetsTest::assertShowsItsFile);
    }

    @Test
    void theChineseReadmeShowsTheExamplesCode() throws IOException {
        List<Block> marked = blocks(README_ZH).stream().filter(b -> b.path() != null).toList();

        assertThat(marked).extracting(Block::path)
                .containsExactlyElementsOf(blocks(README).stream().filter(b -> b.path() != null).map(Block::path).toList());
        marked.forEach(ReadmeSnippetsTest::assertShowsItsFile);
    }

    @Test
    void everyJavaBlockIsMarked() throws IOException {
        for (Path readme : List.of(README, README_ZH)) {
            assertThat(blocks(readme)).as("Java blocks of " + readme.getFileName() + " without an example marker")
                    .filteredOn(b -> b.language().equals("java") && b.path() == null).isEmpty();
        }
    }

    @Test
    void bothReadmesRunTheSameShellCommands() throws IOException {
        List<List<String>> english = shellBlocks(README);

        assertThat(english).as("the demo command and the tests' command").hasSizeGreaterThanOrEqualTo(2);
        assertThat(english.stream().flatMap(List::stream)).contains("mvn -B verify")
                .anyMatch(line -> line.contains("java -jar tudicloud-async-task-admin/target/tudicloud-async-task-admin.jar"));
        assertThat(shellBlocks(README_ZH)).containsExactlyElementsOf(english);
    }

    @Test
    void anExcerptMustBeAnUnbrokenRunOfTheFilesLines() {
        assertThat(occursIn(List.of("return 1;"), List.of("int f() {", "return 1;", "}"))).isTrue();
        assertThat(occursIn(List.of("return 2;"), List.of("int f() {", "return 1;", "}"))).isFalse();
        assertThat(occursIn(List.of("int f() {", "}"), List.of("int f() {", "return 1;", "}"))).isFalse();
    }

    private static void assertShowsItsFile(Block block) {
        Path file = ROOT.resolve(block.path());
        assertThat(file).as("the file a README block names").isRegularFile();
        List<String> source = readLines(file);
        if (block.kind().equals("file")) {
            assertThat(block.lines()).as("README block of " + block.path() + " vs the file")
                    .containsExactlyElementsOf(source);
        } else {
            assertThat(occursIn(stripped(block.lines()), stripped(source)))
                    .as("README excerpt of " + block.path() + " is in the file:\n" + String.join("\n", block.lines()))
                    .isTrue();
        }
    }

    private static boolean occursIn(List<String> excerpt, List<String> source) {
        return Collections.indexOfSubList(source, excerpt) >= 0;
    }

    private static List<Block> blocks(Path readme) throws IOException {
        List<Block> blocks = new ArrayList<>();
        Matcher m = FENCED.matcher(Files.readString(readme));
        while (m.find()) {
            int indent = m.group(3).length();
            List<String> lines = m.group(5).lines()
                    .map(line -> line.length() >= indent && line.substring(0, indent).isBlank() ? line.substring(indent) : line)
                    .map(String::stripTrailing).toList();
            blocks.add(new Block(m.group(1), m.group(2), m.group(4), lines));
        }
        return blocks;
    }

    private static List<List<String>> shellBlocks(Path readme) throws IOException {
        return blocks(readme).stream().filter(b -> b.language().equals("bash")).map(Block::lines).toList();
    }

    private static List<String> readLines(Path file) {
        try {
            List<String> lines = Files.readAllLines(file).stream().map(String::stripTrailing).toList();
            int end = lines.size();
            while (end > 0 && lines.get(end - 1).isEmpty()) {
                end--;
            }
            return lines.subList(0, end);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> stripped(List<String> lines) {
        return lines.stream().map(String::strip).toList();
    }
}
