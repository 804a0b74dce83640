package com.tudicloud.asynctask.worker;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repository's docs, comments and logs stand alone: a reader has the repository and nothing else,
 * so no text may point at documents, trackers or work sessions outside it.
 */
class StandAloneDocsTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern OUTSIDE_REFERENCE = Pattern.compile(
            "DESIGN\\.md|DESIGN rule|\\b[Ii]ssue #?\\d+|\\b(earlier|previous|later|this|that) (work )?session\\b"
                    + "|'s (first|second|third) session\\b|\\bsession \\d+\\b|\\bas of commit [0-9a-f]{7,40}\\b");

    @Test
    void noTextPointsOutsideTheRepository() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : textFiles()) {
            String text;
            try {
                text = Files.readString(file);
            } catch (MalformedInputException binary) {
                continue;
            }
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (OUTSIDE_REFERENCE.matcher(lines[i]).find()) {
                    found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + lines[i].strip());
                }
            }
        }
        assertThat(found).as("lines that point outside the repository").isEmpty();
    }

    @Test
    void thePatternCatchesWhatItIsFor() {
        assertThat(OUTSIDE_REFERENCE.matcher("see DESIGN rule 3").find()).isTrue();
        assertThat(OUTSIDE_REFERENCE.matcher("fixed in issue 10").find()).isTrue();
        assertThat(OUTSIDE_REFERENCE.matcher("measured in Nov 29's second session").find()).isTrue();
        assertThat(OUTSIDE_REFERENCE.matcher("left for a later session").find()).isTrue();
        assertThat(OUTSIDE_REFERENCE.matcher("forced with a second session that holds one row").find()).isFalse();
        assertThat(OUTSIDE_REFERENCE.matcher("the engine as of commit c6f7dd6").find()).isTrue();
        assertThat(OUTSIDE_REFERENCE.matcher("the HTTP session keeps the CSRF token").find()).isFalse();
        assertThat(OUTSIDE_REFERENCE.matcher("SHOW SESSION STATUS").find()).isFalse();
    }

    private static List<Path> textFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> top = Files.list(ROOT)) {
            top.filter(p -> p.getFileName().toString().startsWith("README")).forEach(files::add);
        }
        for (Path dir : List.of(ROOT.resolve("docs"), ROOT.resolve("sql"), ROOT.resolve(".ci"))) {
            files.addAll(walk(dir));
        }
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(p -> Files.isDirectory(p.resolve("src"))).toList()) {
                files.addAll(walk(module.resolve("src")));
            }
        }
        files.removeIf(p -> p.getFileName().toString().equals("StandAloneDocsTest.java"));
        return files;
    }

    private static List<Path> walk(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.filter(Files::isRegularFile)
                    .filter(p -> !p.toString().matches(".*\\.(png|jpg|gif|ico|jar|class)$"))
                    .toList();
        }
    }
}
