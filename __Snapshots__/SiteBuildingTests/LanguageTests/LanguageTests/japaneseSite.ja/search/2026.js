gamenightSearch([
[3,"nights/2026-11-22.html","2026年11月22日(日)","1試合","2026-11-22"],
[4,"games/2026-11-22-puzzle-race.html","15-puzzle race after brunch","2026-11-22 · 15パズル · Marta","2026-11-22 15パズル Marta Elisha Andre"],
[3,"nights/2026-11-21.html","2026年11月21日(土)","1試合","2026-11-21"],
[4,"games/2026-11-21-bowling-game-1.html","Bowling night, game 1","2026-11-21 · ボウリング · Marta","2026-11-21 ボウリング Marta Elisha Andre"],
[3,"nights/2026-11-20.html","2026年11月20日(金)","1試合","2026-11-20"],
[4,"games/2026-11-20-hearts.html","Hearts before dessert","2026-11-20 · Hearts · Elisha","2026-11-20 Hearts Marta Elisha Andre Jasmine"]
]);
