"""Deals pinned card by card: what ``shuffle(number)`` gives for a few deal numbers,
which must never change in any version (a deal number shared or saved must deal
the same cards for ever)."""

PINNED = {
    0: "QH TC 3C JC 4H 7C QC 3D 4S AC 3H 2H 9H 2S KH TH 8H AD 8C 2C 7H 2D JH 6H 5D 9D 6C 4D TD "
       "KC 3S 6S JD 5C 7S 6D AH 7D TS QD QS 5S KD 8S KS AS 9C JS 5H 8D 4C 9S",
    1: "5S 3C 5C 9D 6C JS 6S 5H QS 3H 5D 7D AH 4H TC 8H 9C 8D AD 4D QC 4C TH 9S KC KD 6H QH 3S "
       "JH 2D 2H TS 2C 7H KS 8S KH TD 7C 6D 4S JD AC AS 7S 2S 3D 8C JC 9H QD",
    1234: "4H JH 8H 4D 6C 7D 3H 4S 7H 5D QC 5H AD 5S QD 8S 2H 8D TC QS 9H 4C 2S KS 3S 9D JD JC "
          "9C KD 9S 3D TH TD 8C 6H 7S KC 7C 2D AC TS JS 6S 3C 2C AH 6D 5C QH KH AS",
    20261130: "2S 8D JH AD 4S 4H 2H 3C QC TD 3H KH 4C 6H TS 6C KD 5D 6D JD 4D 8H TH 3S 6S 7S AS "
              "5S 3D 9C 9H 7H JS 9S QD KC 9D AC QS 5C 2C 7D JC KS TC 2D 7C AH 8C QH 8S 5H",
    32**6 - 1: "6H 9S 6C 5C KD AD 4D KH QD 3C 7H 5S 3H 5D AH JS 4H 8S 9C QS 7S 6D AC JD TS "
                    "4S 2S JH 4C 2H 8C AS KC TH 5H JC QH 3S 9H 7D 8H 9D KS 6S QC TC 3D 7C 2C 8D "
                    "TD 2D",
}
