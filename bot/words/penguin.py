"""The words of Penguin (``games.penguin``)."""

from bot.words.templates import Article, Plural, Template

TEMPLATES: dict[str, Template] = {
    "penguin.move": "{what} \u2192 {where}",
    "penguin.tail": "{what} + {more}",
    "penguin.to_foundation": "foundation",
    "penguin.to_cell": "cell",
    "penguin.to_column": "column {column}",
    "penguin.to_empty_column": "empty column {column}",
    "penguin.column": "column {number}",
    "penguin.cell": "cell {number}",
    "penguin.collect": "Collect to foundations",
    "penguin.went_home": "{card} went to the foundation.",
    "penguin.went_to_cell": "{card} went to cell {cell}.",
    "penguin.moved": "{card} moved to column {column}.",
    "penguin.moved.to_empty": "{card} moved to the empty column {column}.",
    "penguin.moved_tail": Plural(
        "{card} and {count} more card moved to column {column}.",
        "{card} and {count} more cards moved to column {column}.",
    ),
    "penguin.moved_tail.to_empty": Plural(
        "{card} and {count} more card moved to the empty column {column}.",
        "{card} and {count} more cards moved to the empty column {column}.",
    ),
    "penguin.moved_from_cell": "{card} moved from cell {cell} to column {column}.",
    "penguin.moved_from_cell.to_empty": "{card} moved from cell {cell} to the empty column {column}.",
    "penguin.collected": Plural(
        "Collected {count} card to the foundations.", "Collected {count} cards to the foundations."
    ),
    "penguin.bad_code": "{code!r} is not a Penguin move (try codes like 'c3>f', 'c3:2>c5', 'k1>c4').",
    "penguin.bad_tail": "{code!r}: a tail has 2 to {most} cards.",
    "penguin.tail_not_between_columns": "{code!r}: only column-to-column moves take several cards.",
    "penguin.cell_to_cell": "{code!r}: a card cannot move from cell to cell.",
    "penguin.onto_own_column": "{code!r}: a card cannot move onto its own column.",
    "penguin.not_a_move": "{code!r} is not a Penguin move.",
    "penguin.not_a_penguin_move": "That is not a Penguin move.",
    "penguin.column_empty": "Column {number} is empty.",
    "penguin.cell_empty": "Cell {number} is empty.",
    "penguin.only_beak_starts": "Only the beak {beak} can start the {suit} foundation.",
    "penguin.not_home_yet": "{card} cannot go home yet: the {suit} foundation needs {wanted} first.",
    "penguin.flipper_full": "The flipper is full.",
    "penguin.column_short": Plural("Column {column} has only {count} card.", "Column {column} has only {count} cards."),
    "penguin.not_a_sequence": "The top {top} cards of column {column} are not a same-suit sequence.",
    "penguin.empty_column_rank": Article(
        "Only a {rank} can start an empty column.", "Only an {rank} can start an empty column."
    ),
    "penguin.whole_column": "Moving all of column {column} into an empty column changes nothing.",
    "penguin.not_on_beak": "{card} cannot go on the beak {beak}.",
    "penguin.does_not_go_on": "{card} does not go on {top}.",
    "penguin.nothing_to_collect": "Nothing can go to the foundations.",
    "penguin.resigned": "Resigned with {count} cards on the foundations.",
    "penguin.stuck": "No moves left: {count} cards on the foundations.",
    "penguin.why.winning_line": "It is on a winning line.",
}
