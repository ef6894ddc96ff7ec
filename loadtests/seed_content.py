#!/usr/bin/env python3
"""Seeds POSTS blog posts and EVENTS events through the admin API, eight
requests at a time, as loadtests/run does before blog-read and lighthouse.

    JAR=cookies.txt BASE=http://127.0.0.1:8080 python3 loadtests/seed_content.py POSTS EVENTS

JAR is curl's cookie jar of a signed-in admin. Posts are a minute apart
(the newest a minute ago), in five categories, each illustrated with one of
the sample images; events run from 100 days ago to 100 days ahead, a third
of them summits (the Upcoming grid's kind), the rest workshops and meetups
(Other Events' kind).
"""

import datetime
import json
import os
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor

BASE = os.environ["BASE"]
IMAGES = ["edge-ai", "encryption", "data-residency", "bare-metal-servers", "cloud-cctv", "webinar"]
CATEGORIES = ["News", "Infrastructure", "Technology", "Security", "Business"]


def cookie_header(path):
    """The Cookie header from a curl (Netscape format) jar."""
    pairs = []
    with open(path) as jar:
        for line in jar:
            line = line.strip()
            if line.startswith("#HttpOnly_"):
                line = line[len("#HttpOnly_"):]
            elif not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) == 7:
                pairs.append(f"{fields[5]}={fields[6]}")
    return "; ".join(pairs)


COOKIE = cookie_header(os.environ["JAR"])


def post_json(path, body):
    request = urllib.request.Request(
        BASE + path,
        data=json.dumps(body).encode(),
        headers={
            "Content-Type": "application/json",
            "X-Requested-With": "XMLHttpRequest",
            "Cookie": COOKIE,
        },
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        if response.status != 201:
            raise RuntimeError(f"{path}: {response.status}")


def blog_post(n, now):
    published = now - datetime.timedelta(minutes=n + 1)
    return {
        "title": f"Load test post {n}: cloud infrastructure in Africa",
        "excerpt": f"Sample excerpt {n}, about as long as a real one, describing what the article covers for the list cards.",
        "fullContent": f"Paragraph of sample content for post {n}. " * 40,
        "category": CATEGORIES[n % len(CATEGORIES)],
        "author": "Load Test",
        "publishedAt": published.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "image": f"/images/sample/{IMAGES[n % len(IMAGES)]}.svg",
    }


def event(n, today):
    date = today + datetime.timedelta(days=n - 100)
    kind = "Summit" if n % 3 == 0 else ("Workshop" if n % 3 == 1 else "Meetup")
    return {
        "title": f"Load test {kind.lower()} {n}",
        "description": f"A day of talks and hands-on labs on cloud infrastructure, number {n}.",
        "category": kind,
        "date": date.isoformat(),
        "time": "09:00 - 17:00 EAT",
        "location": "Nairobi, Kenya",
        "image": f"/images/sample/{IMAGES[n % len(IMAGES)]}.svg",
        "highlights": ["Keynotes", "Hands-on labs"],
        "registerLink": "https://events.example/register",
    }


def main():
    posts, events = int(sys.argv[1]), int(sys.argv[2])
    now = datetime.datetime.now(datetime.timezone.utc)
    today = datetime.date.today()
    with ThreadPoolExecutor(max_workers=8) as pool:
        jobs = [pool.submit(post_json, "/api/admin/blog", blog_post(n, now)) for n in range(posts)]
        jobs += [pool.submit(post_json, "/api/admin/events", event(n, today)) for n in range(events)]
        for job in jobs:
            job.result()


if __name__ == "__main__":
    main()
