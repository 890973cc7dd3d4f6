#!/usr/bin/python3
"""A desktop notification service (org.freedesktop.Notifications) for tests.

Runs on the session bus named by DBUS_SESSION_BUS_ADDRESS and records what the browser asks of
it. Needs Debian's python3-dbus and python3-gi.

Usage: notification-service.py [--no-inline-reply]
  --no-inline-reply  leave "inline-reply" out of GetCapabilities (the browser then shows a text
                     action as an ordinary button)

Control channel: one JSON object a line on stdin; answers and events one JSON object a line on
stdout. Requests carry an "id" that the answer repeats:
  {"id": 1, "cmd": "list"}                      -> {"id": 1, "ok": true, "result": {...}}
  {"id": 2, "cmd": "action", "notification": 5, "key": "0"}      ActionInvoked, then closed (2)
  {"id": 3, "cmd": "reply", "notification": 5, "text": "QA"}     NotificationReplied, then closed (2)
  {"id": 4, "cmd": "close", "notification": 5}                   NotificationClosed(5, 2): dismissed
"action" and "reply" take "close": false to leave the notification open.
Events (no "id"): {"event": "ready", "capabilities": [...]}, {"event": "notify", "call": {...}},
{"event": "closed", "notification": 5, "reason": 2, "by": "user" | "app"}.
The service stops when stdin closes or the bus goes away.
"""

import json
import os
import sys
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

BUS_NAME = "org.freedesktop.Notifications"
OBJECT_PATH = "/org/freedesktop/Notifications"
INTERFACE = "org.freedesktop.Notifications"

# NotificationClosed reasons in the specification.
REASON_DISMISSED = 2
REASON_CLOSED_BY_CALL = 3


def emit(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def to_json(value):
    """Turns D-Bus values into JSON ones; image data is summarised, not copied."""
    if isinstance(value, (dbus.Boolean, bool)):
        return bool(value)
    if isinstance(value, (dbus.Byte, dbus.Int16, dbus.Int32, dbus.Int64, dbus.UInt16,
                          dbus.UInt32, dbus.UInt64, int)):
        return int(value)
    if isinstance(value, (dbus.Double, float)):
        return float(value)
    if isinstance(value, (dbus.String, dbus.ObjectPath, dbus.Signature, str)):
        return str(value)
    if isinstance(value, (dbus.ByteArray, bytes)):
        return {"bytes": len(value)}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return repr(value)


def hints_to_json(hints):
    result = {}
    for key, value in hints.items():
        key = str(key)
        if key in ("image-data", "image_data", "icon_data") and len(value) >= 7:
            result[key] = {"width": int(value[0]), "height": int(value[1]),
                           "bytes": len(value[6])}
        else:
            result[key] = to_json(value)
    return result


class NotificationService(dbus.service.Object):
    def __init__(self, bus, inline_reply):
        super().__init__(bus, OBJECT_PATH)
        self.inline_reply = inline_reply
        self.next_id = 1
        self.seq = 0
        self.calls = []  # every Notify call, in order
        self.state = {}  # id -> {"open": bool, "closedReason": int | None}
        self.close_calls = []  # ids passed to CloseNotification

    @dbus.service.method(INTERFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        # No body-markup: the browser would then escape the body ("&amp;") and tests read it plain.
        caps = ["actions", "body", "icon-static", "persistence"]
        if self.inline_reply:
            caps.append("inline-reply")
        return caps

    @dbus.service.method(INTERFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("notify-test-service", "ask-user-kit", "1.0", "1.2")

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints,
               expire_timeout):
        replaces_id = int(replaces_id)
        if replaces_id != 0 and replaces_id in self.state:
            notification_id = replaces_id
        else:
            notification_id = self.next_id
            self.next_id += 1
        self.seq += 1
        action_list = [str(a) for a in actions]
        call = {
            "seq": self.seq,
            "id": notification_id,
            "appName": str(app_name),
            "replacesId": replaces_id,
            "appIcon": str(app_icon),
            "summary": str(summary),
            "body": str(body),
            "actions": [
                {"key": action_list[i], "label": action_list[i + 1]}
                for i in range(0, len(action_list) - 1, 2)
            ],
            "hints": hints_to_json(hints),
            "expireTimeout": int(expire_timeout),
            "time": time.time(),
        }
        self.calls.append(call)
        self.state[notification_id] = {"open": True, "closedReason": None}

        # Tell the test only once the reply (the id) is on its way to the caller.
        def announce():
            self.connection.flush()
            emit({"event": "notify", "call": call})
            return False

        GLib.idle_add(announce)
        return dbus.UInt32(notification_id)

    @dbus.service.method(INTERFACE, in_signature="u", out_signature="")
    def CloseNotification(self, notification_id):
        notification_id = int(notification_id)
        self.close_calls.append(notification_id)
        emit({"event": "close-call", "notification": notification_id, "time": time.time()})
        state = self.state.get(notification_id)
        if state is not None and state["open"]:
            self.mark_closed(notification_id, REASON_CLOSED_BY_CALL, "app")

    @dbus.service.signal(INTERFACE, signature="us")
    def ActionInvoked(self, notification_id, action_key):
        pass

    @dbus.service.signal(INTERFACE, signature="uu")
    def NotificationClosed(self, notification_id, reason):
        pass

    @dbus.service.signal(INTERFACE, signature="us")
    def NotificationReplied(self, notification_id, text):
        pass

    def mark_closed(self, notification_id, reason, by):
        self.state[notification_id] = {"open": False, "closedReason": reason}
        self.NotificationClosed(dbus.UInt32(notification_id), dbus.UInt32(reason))
        emit({"event": "closed", "notification": notification_id, "reason": reason, "by": by})

    # Control channel ---------------------------------------------------------------------

    def open_notification(self, request):
        notification_id = int(request["notification"])
        state = self.state.get(notification_id)
        if state is None:
            raise ValueError(f"no notification {notification_id}")
        if not state["open"]:
            raise ValueError(f"notification {notification_id} is closed "
                             f"(reason {state['closedReason']})")
        return notification_id

    def latest_calls(self):
        latest = {}
        for call in self.calls:
            latest[call["id"]] = call
        return [dict(call, **self.state[call["id"]]) for call in latest.values()]

    def handle(self, request):
        cmd = request.get("cmd")
        if cmd == "list":
            return {"notifications": self.latest_calls(), "calls": self.calls,
                    "closeCalls": self.close_calls}
        if cmd == "action":
            notification_id = self.open_notification(request)
            key = str(request["key"])
            self.ActionInvoked(dbus.UInt32(notification_id), key)
            if request.get("close", True):
                self.mark_closed(notification_id, REASON_DISMISSED, "user")
            return None
        if cmd == "reply":
            if not self.inline_reply:
                raise ValueError("inline-reply is not advertised (started with --no-inline-reply)")
            notification_id = self.open_notification(request)
            self.NotificationReplied(dbus.UInt32(notification_id), str(request["text"]))
            if request.get("close", True):
                self.mark_closed(notification_id, REASON_DISMISSED, "user")
            return None
        if cmd == "close":
            notification_id = self.open_notification(request)
            self.mark_closed(notification_id, REASON_DISMISSED, "user")
            return None
        raise ValueError(f"unknown cmd {cmd!r}")


def main():
    inline_reply = "--no-inline-reply" not in sys.argv[1:]
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        sys.stderr.write("DBUS_SESSION_BUS_ADDRESS is not set\n")
        sys.exit(2)
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    granted = bus.request_name(BUS_NAME, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    if granted != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
        sys.stderr.write(f"could not own {BUS_NAME} on the bus (reply {granted})\n")
        sys.exit(3)
    service = NotificationService(bus, inline_reply)
    loop = GLib.MainLoop()
    buffer = bytearray()
    stdin_fd = sys.stdin.fileno()

    def on_stdin(_fd, condition):
        chunk = os.read(stdin_fd, 65536) if condition & GLib.IO_IN else b""
        if not chunk:
            loop.quit()
            return False
        buffer.extend(chunk)
        while b"\n" in buffer:
            index = buffer.index(b"\n")
            line = bytes(buffer[:index]).decode("utf-8").strip()
            del buffer[: index + 1]
            if not line:
                continue
            request_id = None
            try:
                request = json.loads(line)
                request_id = request.get("id")
                result = service.handle(request)
                emit({"id": request_id, "ok": True, "result": result})
            except Exception as error:  # answer the test instead of dying
                emit({"id": request_id, "ok": False, "error": str(error)})
        return True

    GLib.io_add_watch(stdin_fd, GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP | GLib.IO_ERR,
                      on_stdin)
    emit({"event": "ready", "capabilities": [str(c) for c in service.GetCapabilities()]})
    loop.run()


if __name__ == "__main__":
    main()
