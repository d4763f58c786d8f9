"""The names of the keyword abilities of CR 702 that mtgasp knows (lowercase).

The importer reads a keyword line only when it consists of these (mtgasp.oracle), and a state's
``gained_keywords`` and ``animated.keywords`` (keywords a resolved effect gave a permanent until end
of turn, 611.2a) may name only these: any other word is bad input naming the field, never a keyword
silently read as one the rules don't know (a misspelt "hasted" would leave a creature summoning
sick, 302.6, without a word).
"""

from __future__ import annotations

import difflib

# every keyword ability of CR 702 that a line can consist of (lowercase); any other word list is
# not a keyword line
KEYWORD_NAMES = {
    "deathtouch", "defender", "double strike", "first strike", "flying", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "reach", "trample", "vigilance", "flash", "shroud",
    "fear", "intimidate", "horsemanship", "shadow", "skulk", "banding", "phasing", "changeling",
    "devoid", "infect", "wither", "prowess", "exalted", "flanking", "persist", "undying",
    "split second", "storm", "cascade", "convoke", "delve", "improvise", "rebound", "epic",
    "living weapon", "sunburst", "fuse", "haunt", "unleash", "provoke", "partner", "decayed",
    "daybound", "nightbound", "extort", "evolve", "exploit", "ascend", "mentor", "riot",
    "training", "myriad", "melee", "dethrone", "gravestorm", "conspire", "ravenous",
    "for mirrodin!", "living metal", "compleated", "battle cry", "start your engines!",
    "umbra armor", "totem armor", "soulbond", "double team", "read ahead", "enlist",
    "hexproof from", "protection", "landwalk", "kicker", "multikicker", "foretell", "plot",
    "hideaway", "ward", "enchant", "equip", "cycling", "crew", "flashback", "morph", "megamorph",
    "suspend", "madness", "dash", "evoke", "escape", "embalm", "eternalize", "unearth", "echo",
    "cumulative upkeep", "bushido", "modular", "ninjutsu", "bestow", "buyback", "entwine",
    "splice", "replicate", "overload", "emerge", "surge", "spectacle", "afflict", "afterlife",
    "amplify", "annihilator", "bloodthirst", "bloodrush", "champion", "dredge", "fading",
    "vanishing", "graft", "outlast", "rampage", "renown", "reinforce", "scavenge", "soulshift",
    "tribute", "transmute", "transfigure", "forecast", "recover", "ripple", "absorb", "frenzy",
    "fortify", "level up", "reconfigure", "prototype", "disturb", "blitz", "casualty", "backup",
    "bargain", "toxic", "squad", "craft", "disguise", "offspring", "saddle", "gift", "impending",
    "exhaust", "station", "warp", "mobilize", "harmonize", "sneak", "web-slinging", "mayhem",
    "freerunning", "spree", "affinity", "awaken", "cleave", "encore", "boast", "demonstrate", "companion", "devour", "ingest", "miracle", "prowl", "retrace", "undaunted",
    "aftermath", "jump-start", "mutate", "assist", "escalate", "fabricate", "partner with",
    "poisonous", "typecycling", "landcycling", "basic landcycling", "tiered", "job select",
    "more than meets the eye", "max speed", "solved", "cipher", "jump", "specialize",
    "plainscycling", "islandcycling", "swampcycling", "mountaincycling", "forestcycling",
    "wizardcycling", "slivercycling", "plainswalk", "islandwalk", "swampwalk", "mountainwalk",
    "forestwalk", "desertwalk", "legendary landwalk", "nonbasic landwalk", "snow forestwalk",
    "bands with other", "visit", "doctor's companion", "choose a background", "firebending",
    "space sculptor", "hidden agenda", "double agenda", "amass", "dungeon", "adapt", "monstrosity",
    "bolster", "teamwork", "power-up", "paradigm",
    "increment",
}

# 702: keywords that take a cost, a number or a quality the state's keyword lists have no place
# for ("Ward {2}", "Hideaway 4", "Enchant creature", "Suspend 3—{0}"): a permanent gaining one by
# its name alone is no state a game reaches
NEEDS_PARAMETER = frozenset({"kicker", "multikicker", "foretell", "plot", "ward", "hideaway", "suspend",
                             "enchant", "equip", "cycling", "crew", "flashback", "bushido", "modular",
                             "annihilator", "toxic", "afflict", "afterlife", "amplify", "bloodthirst",
                             "dredge", "fading", "vanishing", "graft", "rampage", "renown",
                             "reinforce", "soulshift", "tribute", "absorb", "frenzy", "backup",
                             "casualty", "offspring", "saddle", "squad", "craft", "disguise",
                             "partner with", "poisonous", "typecycling", "landcycling", "hexproof from",
                             "protection", "landwalk", "bands with other"})


def unknown_keyword(word: str) -> str | None:
    """Why ``word`` can't be a keyword a permanent gained until end of turn (None: it can)."""
    k = word.lower()
    if k in KEYWORD_NAMES and k not in NEEDS_PARAMETER:
        return None
    if k in NEEDS_PARAMETER:
        return (f"\"{word}\" takes a cost, a number or a quality (702) that a keyword list can't give, "
                "so a permanent can't gain it by its name alone")
    close = difflib.get_close_matches(k, sorted(KEYWORD_NAMES - NEEDS_PARAMETER), n=1, cutoff=0.75)
    hint = f"; did you mean \"{close[0]}\"?" if close else " (such as haste, flying, hexproof)"
    return f"\"{word}\" is not a keyword ability mtgasp knows (702){hint}"
