package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.AdminRole;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The admin jar's commands, run instead of the application when its first argument names one:
 * <ul>
 *   <li>{@code hash-password}: reads a password (from the terminal without echo, twice, or one line of standard
 *   input) and prints its bcrypt hash with the prefix async-task.admin.users[n].password takes;</li>
 *   <li>{@code create-token --name NAME --role VIEWER|OPERATOR|METRICS --days N}: prints a new API token once, and
 *   the configuration that accepts it (its SHA-256 digest, role and expiry).</li>
 * </ul>
 */
public final class AdminCommands {

    static final int MAX_TOKEN_DAYS = 3650;

    private final Console console;
    private final BufferedReader input;
    private final PrintStream out;
    private final PrintStream err;
    private final Clock clock;

    public AdminCommands(Console console, BufferedReader input, PrintStream out, PrintStream err, Clock clock) {
        this.console = console;
        this.input = input;
        this.out = out;
        this.err = err;
        this.clock = clock;
    }

    public static boolean names(String[] args) {
        return args.length > 0 && List.of("hash-password", "create-token").contains(args[0]);
    }

    /** @return the process's exit code */
    public int run(String[] args) {
        try {
            return switch (args[0]) {
                case "hash-password" -> hashPassword();
                case "create-token" -> createToken(options(args));
                default -> usage("unknown command " + args[0]);
            };
        } catch (IllegalArgumentException | IOException e) {
            return usage(e.getMessage());
        }
    }

    private int hashPassword() throws IOException {
        String password;
        if (console != null) {
            char[] first = console.readPassword("Password: ");
            char[] again = console.readPassword("Again: ");
            if (first == null || again == null || !String.valueOf(first).equals(String.valueOf(again))) {
                return usage("the two passwords differ");
            }
            password = String.valueOf(first);
        } else {
            password = input.readLine();
        }
        if (password == null || password.length() < 8) {
            return usage("a password of at least 8 characters, please");
        }
        out.println(AdminUsers.strongEncoder().encode(password));
        return 0;
    }

    private int createToken(Map<String, String> options) {
        String name = required(options, "name");
        AdminRole role = AdminRole.valueOf(required(options, "role").toUpperCase(Locale.ROOT));
        int days = Integer.parseInt(required(options, "days"));
        if (days < 1 || days > MAX_TOKEN_DAYS) {
            throw new IllegalArgumentException("--days must be from 1 to " + MAX_TOKEN_DAYS);
        }
        String token = ApiTokens.newToken();
        Instant expiresAt = clock.instant().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofDays(days));
        out.println("Token (shown only now; the program sends it as 'Authorization: Bearer <token>'):");
        out.println(token);
        out.println();
        out.println("Configuration that accepts it (add it to async-task.admin.api-tokens):");
        out.println("async-task:");
        out.println("  admin:");
        out.println("    api-tokens:");
        out.println("      - name: " + name);
        out.println("        hash: " + ApiTokens.digest(token));
        out.println("        role: " + role);
        out.println("        expires-at: " + expiresAt);
        return 0;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --option value, got " + arg);
            }
            options.put(arg.substring(2), args[++i]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }

    private int usage(String problem) {
        err.println(problem);
        err.println("usage: java -jar tudicloud-async-task-admin.jar hash-password");
        err.println("       java -jar tudicloud-async-task-admin.jar create-token --name NAME --role VIEWER|OPERATOR|METRICS --days N");
        return 2;
    }
}
