package dev.flamediff.cli;

import dev.flamediff.model.Profile;

/**
 * The two profiles of one diff.
 *
 * @param base the profile before the change
 * @param head the profile after the change
 */
record ProfilePair(Profile base, Profile head) {
}
