"""Writes the seed inputs of the fuzz corpora (fuzz/corpus/<target>/seed-*):
real frames and bodies as the web app sends them (see web/src and the
gateway's tests), plus a few refusals. For json_body the first byte picks the
body type, in the order of gateway::fuzzing::BODY_TYPES.

    python3 fuzz/seeds/make_seeds.py
"""
import json
import pathlib

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "corpus"
CHAT = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"

FRAMES = [
    {"type": "join_session", "sessionId": CHAT},
    {"type": "leave_session", "sessionId": CHAT},
    {"type": "typing", "sessionId": CHAT, "isTyping": True},
    {"type": "typing", "sessionId": CHAT, "isTyping": False},
    {"type": "join_agents"},
    '{"type":"join_session"}',
    '{"type":"typing","sessionId":"not-a-uuid","isTyping":1}',
    '{"type":"nope"}',
    "[]",
]

SETTINGS = {
    "phone": "+254 700 000 000",
    "infoEmail": "info@nyota.example",
    "investorEmail": "investors@nyota.example",
    "salesEmail": "sales@nyota.example",
    "supportEmail": "support@nyota.example",
    "office": {"building": "Nyota House, 4th Floor", "street": "Waiyaki Way, Westlands", "city": "Nairobi, Kenya"},
    "hours": "Mon-Fri 8AM-6PM EAT",
    "chatHours": {"days": [1, 2, 3, 4, 5], "opens": "08:00", "closes": "18:00"},
    "bookingUrl": "https://calendar.app.google/nyota-cloud-booking",
    "enterpriseAgentUrl": "https://agents.nyota.example",
    "eventsSiteUrl": "https://events.nyota.example",
    "heroVideoUrl": "https://www.youtube-nocookie.com/embed/nyota-cloud-intro?autoplay=1",
    "partners": ["Savanna Fibre", "Rift Valley Networks"],
    "social": [{"label": "LinkedIn", "href": "https://www.linkedin.com/company/nyota"}],
}

# In the order of gateway::fuzzing::BODY_TYPES.
BODIES = [
    ("RegisterBody", [{"username": "amina", "email": "amina@example.co.ke", "password": "correct horse", "name": "Amina Njeri", "phone": "+254 712 345 678"}]),
    ("LoginBody", [{"email": "Admin@Nyota.example ", "password": "s3cret-pass"}]),
    ("StartBody", [{"visitorName": "Amina", "visitorEmail": "amina@example.co.ke", "pageUrl": "/pricing"}, {"visitorName": " Juma\u200b ", "visitorEmail": "juma@example.com"}]),
    ("MessageBody", [{"message": "Hello, I need help with GPU pricing.\r\nThanks"}, {"message": "\u200b"}]),
    ("ChatRating", [{"score": 5, "comment": "Quick and helpful."}, {"score": 0}]),
    ("NoteBody", [{"message": "Customer is on the enterprise plan."}]),
    ("TransferBody", [{"agentId": CHAT, "note": "Billing question, over to you."}, {"agentId": CHAT}]),
    ("AgentStatusBody", [{"status": "online"}, {"status": "busy"}, {"status": "away"}]),
    ("LabelsBody", [{"labels": ["billing", "gpu"]}, {"labels": []}]),
    ("ContactMessageInput", [{"name": "Amina Njeri", "email": "amina@example.co.ke", "subject": "Demo request", "message": "We would like a demo of Edge AI.", "phone": "+254 712 345 678", "company": "Savanna Fibre", "source": "demo", "website": "", "fillMs": 8000}]),
    ("ContactRequestPatch", [{"status": "handled"}, {"assignedToMe": True}, {}]),
    ("BlogPostInput", [{"title": "Cloud infrastructure in Africa", "excerpt": "What changes when the data stays home.", "fullContent": "Paragraph one.\n\nParagraph two.", "category": "Infrastructure", "author": "Nyota Team", "publishedAt": "2026-01-01T00:00:00Z", "readTime": "5 min read", "image": "/images/blog-1.png", "sourceUrl": "https://nyota.example/blog/1", "featured": True}]),
    ("EventInput", [{"title": "Nairobi Cloud Summit", "description": "A day of talks.", "category": "Conference", "date": "2026-03-14", "time": "09:00 - 17:00 EAT", "location": "Nairobi, Kenya", "image": "/images/event-1.png", "highlights": ["Keynote", "Workshops"], "registerLink": "https://events.nyota.example/summit", "completed": False}]),
    ("PasswordResetInput", [{"email": "amina@example.co.ke"}]),
    ("PasswordResetConfirmInput", [{"token": "eyJhbGciOi.payload.signature", "password": "a new password"}]),
    ("CannedResponseInput", [{"shortcut": "pricing", "title": "Pricing link", "body": "Our prices are at /pricing.\nAsk me anything."}]),
    ("SubscriptionInput", [{"email": "amina@example.co.ke", "topic": "blog"}, {"email": "amina@example.co.ke", "topic": "events"}]),
    ("SiteSettings", [SETTINGS, {"phone": ""}]),
    ("WaitlistInput", [{"email": "amina@example.co.ke", "name": "Amina", "interest": "gpu-cluster"}, {"email": "amina@example.co.ke", "interest": "general"}]),
    ("TeamInvite", [{"email": "agent@nyota.example", "name": "Wanjiru", "role": "support"}]),
    ("TeamMemberPatch", [{"role": "admin"}, {"active": False}, {"capacity": 5}]),
    ("PageViewInput", [{"path": "/blog/cloud-in-africa/?utm=x#top", "referrer": "https://www.google.com/search?q=nyota"}, {"path": "/"}]),
]


def write(target: str, name: str, data: bytes) -> None:
    directory = CORPUS / target
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_bytes(data)


def main() -> None:
    for n, frame in enumerate(FRAMES):
        text = frame if isinstance(frame, str) else json.dumps(frame)
        write("socket_frame", f"seed-{n:02}", text.encode())
    for selector, (name, bodies) in enumerate(BODIES):
        for n, body in enumerate(bodies):
            write("json_body", f"seed-{name}-{n}", bytes([selector]) + json.dumps(body).encode())
        # A shape error per type: a field of the wrong type, or not an object.
        write("json_body", f"seed-{name}-wrong", bytes([selector]) + b'{"' + list(bodies[0])[0].encode() + b'":[1]}' if isinstance(bodies[0], dict) and bodies[0] else bytes([selector]) + b"[]")


if __name__ == "__main__":
    main()
