gamenightSearch([
[0,"players/andre.html","Andre","",""],
[0,"players/elisha.html","Elisha","",""],
[0,"players/jasmine.html","Jasmine","",""],
[0,"players/marta.html","Marta","",""],
[1,"boardgames/catan.html","Catan","",""],
[1,"boardgames/codenames.html","Codenames","",""],
[1,"boardgames/golf.html","Golf","",""],
[1,"boardgames/hearts.html","Hearts","",""],
[1,"boardgames/king-of-tokyo.html","King of Tokyo","",""],
[1,"boardgames/love-letter.html","Love Letter","",""],
[1,"boardgames/pandemic.html","Pandemic","",""],
[1,"boardgames/spades.html","Spades","",""],
[1,"boardgames/wingspan.html","Wingspan","",""],
[1,"boardgames/yahtzee.html","Yahtzee","",""],
[2,"kinds/scores.html","Score keeper","",""],
[2,"kinds/bowling.html","Bowling","",""],
[2,"kinds/fifteen.html","15-puzzle","",""]
]);
