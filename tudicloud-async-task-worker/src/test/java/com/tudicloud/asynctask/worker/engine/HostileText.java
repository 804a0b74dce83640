package com.tudicloud.asynctask.worker.engine;

import java.util.Random;

/** Text a handler might return, drawn at its extremes: empty, at and past column widths, any Unicode. */
final class HostileText {

    private static final String GRIN = "\uD83D\uDE00";
    private static final int[] EDGES = {1, 254, 255, 256, 499, 500, 501, 1999, 2000, 2001, 10_000, 100_000};

    private final Random random;

    HostileText(Random random) {
        this.random = random;
    }

    /** Text, or null now and then. */
    String any() {
        return random.nextInt(10) == 0 ? null : text(length());
    }

    private int length() {
        return switch (random.nextInt(3)) {
            case 0 -> random.nextInt(40);
            case 1 -> EDGES[random.nextInt(EDGES.length)];
            default -> random.nextInt(3000);
        };
    }

    /** About {@code length} UTF-16 units in one alphabet, or a mix of them. */
    String text(int length) {
        StringBuilder text = new StringBuilder(length + 2);
        int alphabet = random.nextInt(6);
        while (text.length() < length) {
            switch (alphabet == 5 ? random.nextInt(5) : alphabet) {
                case 0 -> text.append((char) ('a' + random.nextInt(26)));
                case 1 -> text.append(GRIN);                                              // outside the BMP
                case 2 -> text.append(random.nextBoolean() ? '\uD83D' : '\uDE00');        // a lone surrogate
                case 3 -> text.append((char) (0x4E00 + random.nextInt(0x5000)));         // CJK
                default -> text.append(new char[]{'\u0000', '\u202E', '\u0301', '\n', '\'', '"', '\\', '%'}[random.nextInt(8)]);
            }
        }
        return text.toString();
    }
}
