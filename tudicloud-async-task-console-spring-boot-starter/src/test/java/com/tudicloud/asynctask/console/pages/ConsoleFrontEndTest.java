package com.tudicloud.asynctask.console.pages;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's front end keeps its own rules: every file small enough to read in one sitting, the
 * text-only rule stated at the top of every module and kept (no markup from strings anywhere), every address
 * relative to where the console is mounted, and both message bundles holding every key the console uses.
 */
class ConsoleFrontEndTest {

    private static final Path CONSOLE = Path.of("src", "main", "resources", "console");
    private static final Path MESSAGES = Path.of("js", "messages");
    private static final int MAX_LINES = 400;
    private static final Pattern ENTRY = Pattern.compile("^ {4}'([^']+)': '(.*)',$", Pattern.MULTILINE);
    private static final Pattern KEY_LITERAL = Pattern.compile("'([a-z][a-zA-Z]*(?:\\.[a-zA-Z]+)+)'");
    private static final Pattern DATA_I18N = Pattern.compile("data-i18n=\"([^\"]+)\"");
    private static final Pattern DATA_I18N_ATTR = Pattern.compile("data-i18n-attr=\"([^\"]+)\"");
    /** Keys made at run time from a prefix and a value. */
    private static final Map<String, List<String>> KEY_FAMILIES = Map.of(
            "status.", List.of("QUEUED", "RUNNING", "SUCCESS", "FAILED", "CANCEL_REQUESTED", "CANCELLED"),
            "chart.finished.", List.of("success", "failed", "cancelled"),
            "chart.queue.", List.of("due", "running"),
            "workers.state.", List.of("live", "silent", "stopped"),
            "batches.state.", List.of("OPEN", "CANCELLING", "SUCCEEDED", "FAILED", "CANCELLED"),
            "batches.callback.", List.of("SUCCESS", "FAILURE", "COMPLETE"),
            "batches.column.", List.of("id", "state", "progress", "children", "created", "ended"));
    /** String literals shaped like keys that are not message keys. */
    private static final Set<String> NOT_MESSAGES = Set.of("tudicloud.console.language");

    @Test
    void noFileOfTheFrontEndIsOverFourHundredLines() throws IOException {
        Map<String, Long> sizes = new TreeMap<>();
        for (Path file : files("")) {
            sizes.put(CONSOLE.relativize(file).toString(), (long) Files.readAllLines(file).size());
        }
        System.out.println("console front end, lines per file: " + sizes);
        assertThat(sizes).hasSizeGreaterThan(20).allSatisfy((file, lines) -> assertThat(lines).as(file)
                .isLessThanOrEqualTo(MAX_LINES));
    }

    @Test
    void everyModuleStatesTheTextOnlyRuleAndNothingParsesMarkupFromStrings() throws IOException {
        for (Path file : files(".js")) {
            String source = Files.readString(file);
            assertThat(source).as(file.toString()).startsWith("/*");
            assertThat(source.substring(0, source.indexOf("*/"))).as("the header comment of " + file)
                    .contains("Text only through textContent");
            String code = source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)//.*$", "");
            assertThat(code).as(file.toString()).doesNotContain("innerHTML", "outerHTML", "insertAdjacentHTML",
                    "document.write", "DOMParser", "createContextualFragment", "eval(", "new Function");
        }
        for (Path page : files(".html")) {
            assertThat(Files.readString(page)).as(page.toString()).contains("Text only through textContent")
                    .doesNotContain("<script>").doesNotContainPattern("<script(?![^>]*type=\"module\")");
        }
    }

    /** Mounted at the admin's root or under a path of a service, the console finds its API and files beside it. */
    @Test
    void theConsoleCallsItsApiAndLoadsItsFilesRelativeToWhereItIsMounted() throws IOException {
        Pattern absoluteCall = Pattern.compile("(?:fetch|api|leave|assign)\\((?:\\s*'[A-Z]+',)?\\s*['`\"]/");
        for (Path file : files(".js")) {
            String code = Files.readString(file).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)//.*$", "");
            assertThat(code).as(file.toString()).doesNotContainPattern(absoluteCall)
                    .doesNotContain("'/api", "`/api", "\"/api", "'/login", "'/logout");
        }
        for (Path page : files(".html")) {
            assertThat(Files.readString(page)).as(page.toString()).doesNotContainPattern("(?:href|src)=\"/");
        }
    }

    @Test
    void bothBundlesHoldTheSameKeysAndNoEmptyText() throws IOException {
        Map<String, String> english = bundle("en.js");
        Map<String, String> chinese = bundle("zh-CN.js");

        assertThat(english).hasSizeGreaterThan(150);
        assertThat(chinese.keySet()).isEqualTo(english.keySet());
        assertThat(english).allSatisfy((key, text) -> assertThat(text).as(key).isNotBlank());
        assertThat(chinese).allSatisfy((key, text) -> assertThat(text).as(key).isNotBlank());
        assertThat(chinese.values().stream().filter(text -> text.codePoints().anyMatch(
                c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN)).count())
                .as("Chinese texts").isGreaterThan(english.size() * 8L / 10);
        assertThat(placeholders(chinese)).as("the same {placeholders} in both").isEqualTo(placeholders(english));
    }

    @Test
    void everyKeyTheConsoleUsesIsInTheBundles() throws IOException {
        Set<String> known = bundle("en.js").keySet();
        Set<String> used = new TreeSet<>();
        for (Path file : files(".js")) {
            if (!CONSOLE.relativize(file).startsWith(MESSAGES)) {
                collect(KEY_LITERAL, Files.readString(file), used);
            }
        }
        for (Path page : files(".html")) {
            String html = Files.readString(page);
            collect(DATA_I18N, html, used);
            Set<String> attributes = new TreeSet<>();
            collect(DATA_I18N_ATTR, html, attributes);
            attributes.forEach(pairs -> Stream.of(pairs.split(";")).map(pair -> pair.split(":")[1].trim()).forEach(used::add));
        }
        KEY_FAMILIES.forEach((prefix, values) -> values.forEach(value -> used.add(prefix + value)));
        used.removeAll(NOT_MESSAGES);

        assertThat(used).hasSizeGreaterThan(100);
        assertThat(used).allSatisfy(key -> assertThat(known.contains(key)
                || (known.contains(key + ".one") && known.contains(key + ".other"))).as("message '%s'", key).isTrue());
    }

    private static void collect(Pattern pattern, String text, Set<String> into) {
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            into.add(matcher.group(1));
        }
    }

    /** A language's bundle: messages/{name} and the parts of it that views keep in messages/{view}/{name}. */
    private static Map<String, String> bundle(String name) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        List<Path> parts = files(name).stream()
                .filter(file -> CONSOLE.relativize(file).startsWith(MESSAGES) && file.getFileName().toString().equals(name))
                .toList();
        assertThat(parts).as("parts of " + name).isNotEmpty();
        for (Path part : parts) {
            Matcher matcher = ENTRY.matcher(Files.readString(part));
            while (matcher.find()) {
                assertThat(entries.put(matcher.group(1), matcher.group(2))).as("key %s once", matcher.group(1)).isNull();
            }
        }
        return entries;
    }

    private static Map<String, Set<String>> placeholders(Map<String, String> bundle) {
        Map<String, Set<String>> found = new TreeMap<>();
        Pattern placeholder = Pattern.compile("\\{(\\w+)}");
        bundle.forEach((key, text) -> {
            Set<String> names = new TreeSet<>();
            collect(placeholder, text, names);
            found.put(key, names);
        });
        return found;
    }

    private static List<Path> files(String suffix) throws IOException {
        try (Stream<Path> walk = Files.walk(CONSOLE)) {
            return walk.filter(Files::isRegularFile).filter(file -> file.toString().endsWith(suffix)).sorted().toList();
        }
    }
}
