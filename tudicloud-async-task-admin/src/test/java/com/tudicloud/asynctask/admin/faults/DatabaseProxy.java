package com.tudicloud.asynctask.admin.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy between the worker processes and the database that the suite can cut: {@link #cut()}
 * drops every connection and refuses new ones, as a failed network or database would;
 * {@link #restore()} lets them through again. Loopback only.
 */
final class DatabaseProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int targetPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;
    private final Thread acceptor;

    DatabaseProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "db-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    void cut() {
        cut = true;
        sockets.forEach(DatabaseProxy::closeQuietly);
        sockets.clear();
    }

    void restore() {
        cut = false;
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (cut) {
                    closeQuietly(client);
                } else {
                    Thread connector = new Thread(() -> connect(client), "db-proxy-connect");
                    connector.setDaemon(true);
                    connector.start();
                }
            } catch (IOException e) {
                // the proxy is closing
            }
        }
    }

    /** On its own thread, so that a database slow to accept holds up no other connection. */
    private void connect(Socket client) {
        Socket database = new Socket();
        try {
            database.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 15_000);
        } catch (IOException e) {
            closeQuietly(client);   // the worker sees a dropped connection and retries
            closeQuietly(database);
            return;
        }
        sockets.add(client);
        sockets.add(database);
        pump(client, database);
        pump(database, client);
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException e) {
                // closed by cut() or by either side
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                sockets.remove(from);
                sockets.remove(to);
            }
        }, "db-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        cut();
    }
}
